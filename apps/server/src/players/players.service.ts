// The changes a till or a manager makes to a player (docs/api.md "Players"): registration by card,
// identity, the daily deposit limit and self-exclusion. Each is one transaction with its audit entry; the
// player's row is locked first (the lock the ledger's batch decides deposits under), so a limit or an
// exclusion changes between two deposits, never during one. Registration is idempotent by trx like a
// device's link (ledger/idempotency.ts): a retry gets the first answer.
//
// Identity values never reach the audit log: its entries name the identity fields that changed, each
// shown as `recorded` or null (docs/security.md, "Players' identity").
import {
  ERR,
  type ExclusionRequest,
  type Player,
  type PlayerIdentity,
  type RegisterPlayerRequest,
} from '@cashdesk/contract';
import { findAccount } from '../accounts/index.js';
import { changedFields, recordAudit, type Actor } from '../back-office/index.js';
import type { Clock } from '../clock.js';
import type { Db, Tx } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import type { AccountRow, PlayerRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { claimTrx, storeOutcome } from '../ledger/idempotency.js';
import { userScope } from '../ledger/keys.js';
import { ok, refusal, type Outcome } from '../ledger/outcome.js';
import { limitChange, ownLimitOf, pendingRaise, playerDayOf } from './player-rules.js';
import { toPlayer } from './player-view.js';
import {
  findPlayerByCard,
  insertPlayer,
  lockVenuePlayer,
  updatePlayer,
  type PlayerChange,
} from './players.repository.js';

/** What the service reads of the app's context. */
export interface PlayersContext {
  db: Db;
  clock: Clock;
}

/** Who changes a player: the audit's actor, and the venue they act in (a cashier's, or a manager's). */
export interface PlayerEditor {
  actor: Actor;
  account_id: number;
}

const IDENTITY_FIELDS = ['name', 'document_kind', 'document_number', 'birth_date'] as const;
type IdentityField = (typeof IDENTITY_FIELDS)[number];

/**
 * How the audit log shows identity fields: that a value is recorded (`recorded`), or that one replaced
 * another (`replaced`, after), or none (null); never the value.
 */
function identityMarks(
  fields: readonly IdentityField[],
  after: Pick<PlayerRow, IdentityField>,
  before?: Pick<PlayerRow, IdentityField>,
) {
  const mark = (field: IdentityField) => {
    if (after[field] === null) return null;
    return before && before[field] !== null ? 'replaced' : 'recorded';
  };
  return Object.fromEntries(fields.map((field) => [field, mark(field)]));
}

/** The identity fields a request sets (null clears one), leaving out those it does not name. */
function identityChange(request: PlayerIdentity): Partial<Pick<PlayerRow, IdentityField>> {
  const change: Partial<Pick<PlayerRow, IdentityField>> = {};
  for (const field of IDENTITY_FIELDS) {
    const value = request[field];
    if (value !== undefined) change[field] = value;
  }
  return change;
}

export class PlayersService {
  constructor(private readonly ctx: PlayersContext) {}

  /**
   * Registers a card of the cashier's venue, with whatever identity the till has. The trx is claimed
   * first: a retry answers what the first call answered, the same trx with another request 422 `trx
   * conflict`. A card the venue already issued is 422 `card taken`, stored like any answer; two tills
   * registering one card at once meet the unique index, and the second gets 422 `card taken` unstored.
   */
  async register(
    cashier: { id: number; login: string; account_id: number },
    request: RegisterPlayerRequest,
  ): Promise<Outcome> {
    const identity = identityChange(request);
    try {
      return await this.ctx.db.kysely.transaction().execute(async (tx) => {
        const now = this.ctx.clock.now();
        const claim = await claimTrx(tx, {
          scope: userScope(cashier.id),
          trx: request.trx,
          kind: 'player_register',
          // Stryker disable next-line StringLiteral: stored-hash
          request: ['player_register', request.card, ...IDENTITY_FIELDS.map((f) => identity[f] ?? null)],
          account_id: cashier.account_id,
          user_id: cashier.id,
          now_ms: now,
        });
        if (!claim.claimed) return claim.outcome;
        const venue = await this.venueOf(tx, cashier.account_id);
        let outcome: Outcome;
        if (await findPlayerByCard(tx, venue.id, request.card)) {
          outcome = refusal(ERR.cardTaken);
        } else {
          const row = await insertPlayer(tx, {
            account_id: venue.id,
            card: request.card,
            name: identity.name ?? null,
            document_kind: identity.document_kind ?? null,
            document_number: identity.document_number ?? null,
            birth_date: identity.birth_date ?? null,
            now_ms: now,
          });
          await recordAudit(tx, {
            actor: { user_id: cashier.id, login: cashier.login },
            action: 'player.create',
            target_type: 'player',
            target_id: row.id,
            account_id: venue.id,
            before: null,
            after: { card: row.card, ...identityMarks(IDENTITY_FIELDS, row) },
            trx: request.trx,
            now_ms: now,
          });
          outcome = ok<Player>(toPlayer(row, venue, now));
        }
        await storeOutcome(tx, claim.operation_id, outcome);
        return outcome;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(ERR.cardTaken);
      throw error;
    }
  }

  /** Records, changes or clears (null) the identity fields named; the others stay as they are. */
  changeIdentity(editor: PlayerEditor, playerId: number, request: PlayerIdentity): Promise<Player> {
    return this.edit(editor, playerId, (player) => {
      const change = identityChange(request);
      const changed = IDENTITY_FIELDS.filter((f) => change[f] !== undefined && change[f] !== player[f]);
      if (changed.length === 0) return null;
      const audit = {
        before: identityMarks(changed, player),
        after: identityMarks(changed, { ...player, ...change }, player),
      };
      return { change, audit: { action: 'player.identity', ...audit } };
    });
  }

  /**
   * The player's own daily limit (null: the venue's default): a lower one at once, a higher one after the
   * venue's cooling-off (player-rules.ts limitChange). The audit entry shows the limit in effect and a
   * raise waiting, before and after.
   */
  changeLimit(editor: PlayerEditor, playerId: number, requested: number | null): Promise<Player> {
    return this.edit(editor, playerId, (player, venue, now) => {
      const change = limitChange(player, venue, requested, now);
      const audit = changedFields(limitOf(player, now), limitOf({ ...player, ...change }, now));
      return audit && { change, audit: { action: 'player.limit', ...audit } };
    });
  }

  /**
   * A manager's exclusion of the player to a last day (the venue's gaming days) or indefinitely (`until`
   * null), or its end (`lift`). A last day before today's gaming day is 400: it would exclude nobody.
   */
  changeExclusion(editor: PlayerEditor, playerId: number, request: ExclusionRequest): Promise<Player> {
    return this.edit(editor, playerId, (player, venue, now) => {
      const lift = 'lift' in request;
      const until = 'until' in request ? request.until : null;
      if (!lift && until !== null && until < playerDayOf(now, venue)) {
        throw ApiError.validation('until', "must not be before the venue's gaming day today");
      }
      const change: PlayerChange = lift
        ? { excluded: 0, excluded_until: null }
        : { excluded: 1, excluded_until: until };
      const audit = changedFields(exclusionOf(player), exclusionOf({ ...player, ...change }));
      const action = lift ? 'player.exclusion_lift' : 'player.exclude';
      return audit && { change, audit: { action, ...audit } };
    });
  }

  /**
   * One edit of a venue's player: the player locked (404 `not found` for none or another venue's), the
   * change decided on the locked row (null: it changes nothing, and nothing is written), written with its
   * audit entry (the fields that differ), and the player answered as they now are.
   */
  private edit(
    editor: PlayerEditor,
    playerId: number,
    decide: (
      player: PlayerRow,
      venue: AccountRow,
      now: number,
    ) => {
      change: PlayerChange;
      audit: {
        action: 'player.identity' | 'player.limit' | 'player.exclude' | 'player.exclusion_lift';
        before: Record<string, unknown>;
        after: Record<string, unknown>;
      };
    } | null,
  ): Promise<Player> {
    return this.ctx.db.kysely.transaction().execute(async (tx) => {
      const now = this.ctx.clock.now();
      const player = await lockVenuePlayer(tx, this.ctx.db.dialect, editor.account_id, playerId);
      if (!player) throw new ApiError(ERR.notFound);
      const venue = await this.venueOf(tx, editor.account_id);
      const decided = decide(player, venue, now);
      if (!decided) return toPlayer(player, venue, now);
      const row = await updatePlayer(tx, player, decided.change, now);
      await recordAudit(tx, {
        actor: editor.actor,
        target_type: 'player',
        target_id: player.id,
        account_id: editor.account_id,
        ...decided.audit,
        now_ms: now,
      });
      return toPlayer(row, venue, now);
    });
  }

  private async venueOf(tx: Tx, accountId: number): Promise<AccountRow> {
    const venue = await findAccount(tx, accountId);
    if (!venue) throw new ApiError(ERR.notFound);
    return venue;
  }
}

/** The limit as the audit log shows it: the player's own in effect, and a raise waiting and when. */
function limitOf(player: PlayerRow, now: number) {
  const raise = pendingRaise(player, now);
  return {
    daily_limit: ownLimitOf(player, now),
    limit_raise: raise ? raise.cents : null,
    limit_raise_at: raise ? new Date(raise.atMs).toISOString() : null,
  };
}

function exclusionOf(player: Pick<PlayerRow, 'excluded' | 'excluded_until'>) {
  return { excluded: player.excluded === 1, excluded_until: player.excluded_until };
}
