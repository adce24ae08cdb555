// The session calls of docs/api.md: sign-in, me, sign-out, change-password.
import {
  ERR,
  changePasswordRequest,
  ok,
  signInRequest,
  user as userSchema,
  type Ok,
  type User,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import { answers } from '../http/route-schemas.js';
import { findUserByLogin, setPasswordHash, toUser } from '../users/index.js';
import { deviceCookies } from './device-cookie.js';
import { requireUser, userOf } from './guards.js';
import { dummyPasswordHash, hashPassword } from './password.js';
import { throttledPasswordCheck } from './password-check.js';
import { assertAcceptablePassword } from './password-policy.js';
import { revokingTransaction, type AuthCache } from './auth-cache.js';
import {
  clearSessionCookie,
  hashSessionToken,
  isWellFormedToken,
  sessionTokenOf,
  setSessionCookie,
} from './session-token.js';
import {
  createSession,
  deleteExpiredSessions,
  deleteSessionByHash,
  deleteUserSessions,
} from './sessions.repository.js';
import type { Db } from '../db/database.js';

/** Sign-out: ends the session of a cookie token (a no-op for an unknown one), in every process's cache too. */
async function endSession(db: Db, auth: AuthCache, token: string): Promise<void> {
  if (!isWellFormedToken(token)) return;
  const tokenHash = hashSessionToken(token);
  await revokingTransaction(db, auth, async (tx, revoke) => {
    await deleteSessionByHash(tx, tokenHash);
    await revoke({ session: tokenHash });
  });
}

export function authRoutes(ctx: AppContext): FastifyPluginAsync {
  const db = ctx.db.kysely;
  const checkPassword = throttledPasswordCheck(ctx);

  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    // The first unknown login must not be slower than the rest: compute the dummy hash now.
    dummyPasswordHash().catch((error: unknown) => app.log.error({ err: error }, 'dummy password hash'));
    const knownDevices = await deviceCookies(ctx);

    const signIn = { schema: { body: signInRequest, response: answers({ 200: userSchema }) } };
    app.post('/sign_in', signIn, async (request, reply): Promise<User> => {
      const body = request.body;
      const user = await findUserByLogin(db, body.login);
      // The cookie names the login as stored: a terminal that signed in as it before is throttled apart.
      const login = user?.login ?? body.login;
      const knownDevice = knownDevices.verify(request, login);
      const right = await checkPassword(
        request,
        reply,
        login,
        user?.password_hash,
        body.password,
        knownDevice,
      );
      // One answer for an unknown login and a wrong password: no way to probe for logins.
      if (!user || !right) throw new ApiError(ERR.userNotFound);
      if (user.blocked) throw new ApiError(ERR.userBlocked);

      const now = ctx.clock.now();
      const previous = sessionTokenOf(request);
      if (previous) await endSession(ctx.db, ctx.auth, previous);
      await deleteExpiredSessions(db, ctx.config.session, now, user.id);
      const { token } = await createSession(db, { userId: user.id, remember: body.remember }, now);
      setSessionCookie(request, reply, token, body.remember);
      // A fresh device cookie at each sign-in (OWASP), replacing the one presented, if any.
      knownDevices.issue(request, reply, user.login);
      return toUser(user);
    });

    // Answers while the till is locked: the lock screen names whose password opens it.
    app.get(
      '/a/me',
      {
        preValidation: requireUser(ctx),
        config: { allowedWhileLocked: true },
        schema: { response: answers({ 200: userSchema }) },
      },
      async (request): Promise<User> => toUser(userOf(request)),
    );

    // Works without a live session (and for a blocked user): signing out always ends with no cookie.
    // A GET as the product spec names it (docs/product.md), and a POST as the web app sends it. A link or
    // an image on another site cannot sign a till out by the GET: the session cookie is SameSite=Strict,
    // so such a request carries none, and a browser's cross-site request is refused with 403
    // (`changesState`, http/same-origin.ts) as for the POST.
    const signOut = {
      config: { sessionOptional: true, changesState: true },
      schema: { response: answers({ 200: ok }) },
    };
    const signOutHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<Ok> => {
      const token = sessionTokenOf(request);
      if (token) await endSession(ctx.db, ctx.auth, token);
      clearSessionCookie(request, reply);
      return { ok: true };
    };
    // No HEAD twin: a HEAD is a read everywhere else and must not end a session.
    app.get('/a/sign_out', { ...signOut, exposeHeadRoute: false }, signOutHandler);
    app.post('/a/sign_out', signOut, signOutHandler);

    const changePassword = {
      // The session first: a caller without one gets 401 whatever the body holds.
      preValidation: requireUser(ctx),
      schema: { body: changePasswordRequest, response: answers({ 200: ok }) },
    };
    app.post('/a/change_password', changePassword, async (request, reply): Promise<Ok> => {
      const user = userOf(request);
      const body = request.body;
      // Throttled like sign-in: a stolen session must not become a way to guess the password.
      if (!(await checkPassword(request, reply, user.login, user.password_hash, body.old))) {
        throw new ApiError(ERR.wrongPassword);
      }
      await assertAcceptablePassword(body.new, { login: user.login, currentHash: user.password_hash });
      const passwordHash = await hashPassword(body.new);
      const current = request.authSession?.token_hash;
      await revokingTransaction(ctx.db, ctx.auth, async (tx, revoke) => {
        await setPasswordHash(tx, user.id, passwordHash);
        // Whoever else holds a session (a lost phone, a shared terminal) is signed out; this one stays.
        await deleteUserSessions(tx, user.id, current === undefined ? {} : { exceptTokenHash: current });
        await revoke({ user: user.id });
      });
      return { ok: true };
    });
  };
}
