// The till lock (docs/web-app.md): the cashier locks the till of this session; while it is locked every
// other call under /api/v1/a/ answers 423 `till locked` (guards.ts), and only the cashier's own password
// opens it again, checked under the sign-in throttle. Kept on the session row, so a reload, a second tab
// and every server process agree.
import { ERR, unlockRequest, type LockState } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf, userOf } from '../auth/guards.js';
import { throttledPasswordCheck } from '../auth/password-check.js';
import { setSessionLock, type SessionRow } from '../auth/sessions.repository.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/outcome.js';
import { parse } from '../http/validate.js';

export function lockRoutes(ctx: AppContext): FastifyPluginAsync {
  const db = ctx.db.kysely;
  const checkPassword = throttledPasswordCheck(ctx);
  const stateOf = (session: Pick<SessionRow, 'locked_at_ms'>): LockState => ({
    locked: session.locked_at_ms !== null,
    auto_lock_after_ms: ctx.config.tillLock.autoLockAfterMs,
  });
  /** The session as stored after the change; a session deleted meanwhile (sign-out elsewhere) is a 401. */
  const changed = (session: SessionRow | undefined): LockState => {
    if (!session) throw new ApiError(ERR.unauthorized);
    return stateOf(session);
  };
  const whileLocked = { config: { allowedWhileLocked: true } };

  return async (app) => {
    app.get('/a/lock', whileLocked, async (request): Promise<LockState> => stateOf(sessionOf(request)));

    app.post('/a/lock', whileLocked, async (request): Promise<LockState> => {
      const session = sessionOf(request);
      return changed(await setSessionLock(db, session.token_hash, ctx.clock.now()));
    });

    app.post('/a/unlock', whileLocked, async (request, reply): Promise<LockState> => {
      const body = parse(unlockRequest, request.body);
      const user = userOf(request);
      // Throttled with sign-in's keys: the lock screen must not be a faster way to guess the password.
      if (!(await checkPassword(request, reply, user.login, user.password_hash, body.password))) {
        throw new ApiError(ERR.wrongPassword);
      }
      return changed(await setSessionLock(db, sessionOf(request).token_hash, null));
    });
  };
}
