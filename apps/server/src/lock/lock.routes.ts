// The till lock (docs/web-app.md): the cashier locks the till of this session; while it is locked every
// other call under /api/v1/a/ answers 423 `till locked` (guards.ts), and only the cashier's own password
// opens it again. Kept on the session row, so a reload, a second tab and every server process agree.
//
// Unlocking is limited per session, not by the sign-in throttle (docs/security.md, "Unlocking the till"):
// the caller already holds a live session of this user, so an attacker who keeps the login or the
// venue's address locked must not keep the cashier out of their own till. A locked till is still a
// password prompt: after UNLOCK_MAX_WRONG wrong passwords in a row the session ends, and getting a new
// one goes through sign-in and its throttle.
import { ERR, lockState, unlockRequest, type LockState } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clearSessionCookie,
  countUnlockAttempt,
  deleteSessionByHash,
  isRightPassword,
  revokingTransaction,
  sessionOf,
  type SessionRow,
  setSessionLock,
  userOf,
} from '../auth/index.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import { answers } from '../http/route-schemas.js';

/** Wrong passwords in a row on one session's lock screen before the session ends. */
export const UNLOCK_MAX_WRONG = 5;

export function lockRoutes(ctx: AppContext): FastifyPluginAsync {
  const db = ctx.db.kysely;
  const stateOf = (session: Pick<SessionRow, 'locked_at_ms'>): LockState => ({
    locked: session.locked_at_ms !== null,
    auto_lock_after_ms: ctx.config.tillLock.autoLockAfterMs,
  });
  /** The session as stored after the change; a session deleted meanwhile (sign-out elsewhere) is a 401. */
  const changed = (session: SessionRow | undefined): LockState => {
    if (!session) throw new ApiError(ERR.unauthorized);
    return stateOf(session);
  };
  const response = answers({ 200: lockState });
  const whileLocked = { config: { allowedWhileLocked: true }, schema: { response } };
  /** Locks or unlocks; every process's cached copy of the session learns it before the answer. */
  const lockTill = (tokenHash: string, lockedAtMs: number | null) =>
    revokingTransaction(ctx.db, ctx.auth, async (tx, revoke) => {
      const session = await setSessionLock(tx, tokenHash, lockedAtMs);
      await revoke({ session: tokenHash });
      return session;
    });

  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.get('/a/lock', whileLocked, async (request): Promise<LockState> => stateOf(sessionOf(request)));

    app.post('/a/lock', whileLocked, async (request): Promise<LockState> => {
      const session = sessionOf(request);
      return changed(await lockTill(session.token_hash, ctx.clock.now()));
    });

    const unlock = { ...whileLocked, schema: { body: unlockRequest, response } };
    app.post('/a/unlock', unlock, async (request, reply): Promise<LockState> => {
      const body = request.body;
      const user = userOf(request);
      const { token_hash: tokenHash } = sessionOf(request);
      // Counted before the ~50 ms check: a burst of parallel guesses gets no more checks than one by one.
      const attempt = await countUnlockAttempt(db, tokenHash);
      if (attempt === undefined) throw new ApiError(ERR.unauthorized);
      const right = attempt <= UNLOCK_MAX_WRONG && (await isRightPassword(user.password_hash, body.password));
      if (right) return changed(await lockTill(tokenHash, null));
      if (attempt >= UNLOCK_MAX_WRONG) {
        await revokingTransaction(ctx.db, ctx.auth, async (tx, revoke) => {
          await deleteSessionByHash(tx, tokenHash);
          await revoke({ session: tokenHash });
        });
        clearSessionCookie(request, reply);
        throw new ApiError(ERR.unauthorized);
      }
      throw new ApiError(ERR.wrongPassword);
    });
  };
}
