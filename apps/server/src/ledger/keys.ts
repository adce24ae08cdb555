// The keys the ledger's idempotency and locking go by, each built here and nowhere else, so a key that
// one module writes and another looks up cannot drift apart. Two kinds:
//   stored: a trx namespace (operations.scope and approvals.scope): its text is in the database, so
//           its format never changes, or every stored answer would stop being found
//           (apps/server/test/ledger/keys.test.ts pins them);
//   in memory: the keys a batch finds its records, places and seats by, and the rows the group
//           commit's lanes lock (group-commit.ts); any unambiguous text would do, but each has one builder.
// A request's own keys are built once, as it is submitted (keyed, ledger.service.ts), and travel with it
// through its batch (RequestKeys); the rows a batch reads are keyed a whole read at a time (byPlaceKey,
// byTrxKey).
import type { PlaceKey, SeatKey } from './ledger.repository.js';
import type { KeyedRequest, LedgerRequest, RequestKeys } from './types.js';

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
 * group commit keeps one trx out of two batches by (RequestKeys.claim). A NUL between them:
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
 * A venue's float row as a lane's lock (RequestKeys.rows): `account:<id>`, named apart from places
 * since both are in one set of busy rows.
 */
export const accountLockKey = (accountId: number): string => `account:${accountId}`;

/** A place's row as a lane's lock: `place:<device_id>/<place>`, the same for a cash call and a game event. */
export const placeLockKey = (k: PlaceKey): string => `place:${placeKeyOf(k)}`;

/** Whose trx namespace a request is in: one tenant can never read another's answer. */
function scopeOf(request: LedgerRequest): string {
  if (request.kind === 'event') return deviceScope(request.input.device_id);
  const userId = request.input.user_id;
  return userId === null ? OPERATOR_SCOPE : userScope(userId);
}

/** The places a request moves, in RequestKeys.places' order. */
function placesOf(request: LedgerRequest): PlaceKey[] {
  if (request.kind === 'float') return [];
  return request.kind === 'transfer' ? [request.input.from, request.input.to] : [request.input];
}

/** The rows a request's transaction locks: a float moves its venue's, a place its own. */
function lockedRowsOf(request: LedgerRequest, places: readonly PlaceKey[]): string[] {
  const rows = places.map((k) => placeLockKey(k));
  return request.kind === 'event' ? rows : [accountLockKey(request.input.account_id), ...rows];
}

/** Every key of one request (RequestKeys), built once. */
export function requestKeysOf(request: LedgerRequest): RequestKeys {
  const scope = scopeOf(request);
  const places = placesOf(request);
  return {
    scope,
    claim: trxKeyOf({ scope, trx: request.input.trx }),
    places: places.map((k) => placeKeyOf(k)),
    seat:
      request.kind === 'cash'
        ? seatKeyOf({
            account_id: request.input.account_id,
            device_id: request.input.device_id,
            place: request.input.place,
          })
        : null,
    rows: lockedRowsOf(request, places),
  };
}

/** The request with its keys, as the group commit and the batch take it. */
export function keyed(request: LedgerRequest): KeyedRequest {
  return { ...request, keys: requestKeysOf(request) } as KeyedRequest;
}

/** Rows by their place's key (placeKeyOf), a whole read at once. */
export function byPlaceKey<T extends PlaceKey>(rows: readonly T[]): Map<string, T> {
  return new Map(rows.map((row) => [placeKeyOf(row), row]));
}

/** Rows by their trx key (trxKeyOf), a whole read at once. */
export function byTrxKey<T extends { scope: string; trx: string }>(rows: readonly T[]): Map<string, T> {
  return new Map(rows.map((row) => [trxKeyOf(row), row]));
}
