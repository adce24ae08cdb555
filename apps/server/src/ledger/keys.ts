// The keys the ledger's idempotency and locking go by, each built here and nowhere else, so a key that
// one module writes and another looks up cannot drift apart. Two kinds:
//   stored: a trx namespace (operations.scope and approvals.scope): its text is in the database, so
//           its format never changes, or every stored answer would stop being found
//           (apps/server/test/ledger/keys.test.ts pins them);
//   in memory: the keys a batch finds its records, places and seats by, and the rows the group
//           commit's lanes lock (group-commit.ts); any unambiguous text would do, but each has one builder.
import type { PlaceKey, SeatKey } from './ledger.repository.js';

/**
 * The trx namespace of a signed-in user's calls (a cashier's cash calls, shifts and drawer, a link of a
 * device): `user:<id>`, so one user's trx never meets another's.
 */
export const userScope = (userId: number): string => `user:${userId}`;

/** The trx namespace of a gaming device's game events: `device:<id>`, apart from every user's. */
export const deviceScope = (deviceId: number): string => `device:${deviceId}`;

/** The one trx namespace of the operator's CLI, which is no user (ledger calls with no user_id). */
export const OPERATOR_SCOPE = 'operator';

/**
 * One trx in its namespace, the key the batch finds a call's record (and held approval) by, and the
 * group commit keeps one trx out of two batches by (claimKeyOf, batch-read.ts). A NUL between them:
 * no scope holds one, so no scope and trx can be read as another pair.
 */
export const trxKeyOf = (k: { scope: string; trx: string }): string => `${k.scope}\u0000${k.trx}`;

/** One place of one device, the key a batch holds a place's balances by: `device_id/place`. */
export const placeKeyOf = (k: PlaceKey): string => `${k.device_id}/${k.place}`;

/**
 * A seat for four eyes: a place within the venue whose payouts count (BatchReads.seatPayouts), so a
 * cabinet's payouts at a venue it left are kept apart: `account_id/device_id/place`.
 */
export const seatKeyOf = (k: SeatKey): string => `${k.account_id}/${k.device_id}/${k.place}`;

/**
 * A venue's float row as a lane's lock (lockedRowsOf, batch.ts): `account:<id>`, named apart from places
 * since both are in one set of busy rows.
 */
export const accountLockKey = (accountId: number): string => `account:${accountId}`;

/** A place's row as a lane's lock: `place:<device_id>/<place>`, the same for a cash call and a game event. */
export const placeLockKey = (k: PlaceKey): string => `place:${placeKeyOf(k)}`;
