// A password check under the sign-in throttle (throttle.ts), for every call that takes a user's password:
// sign-in, change-password and unlocking the till. They share the throttle's keys, so a stolen session
// cannot guess a password faster through one call than through another.
import { ERR } from '@cashdesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/outcome.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import { SignInThrottle } from './throttle.js';

export type PasswordCheck = (
  request: FastifyRequest,
  reply: FastifyReply,
  login: string,
  passwordHash: string | undefined,
  password: string,
) => Promise<boolean>;

/**
 * Checks a password of `login` from the request's address: 429 `too many attempts` (with Retry-After)
 * while the throttle holds, without looking at the password. `passwordHash` undefined (unknown login)
 * is checked against a dummy hash, so the answer takes as long as for a real user, and always fails.
 */
export function throttledPasswordCheck(ctx: AppContext): PasswordCheck {
  const throttle = new SignInThrottle(ctx.db, ctx.clock);
  return async (request, reply, login, passwordHash, password) => {
    const decision = await throttle.begin(login, request.ip);
    if (!decision.allowed) {
      reply.header('Retry-After', String(decision.retryAfterS));
      throw new ApiError(ERR.tooManyAttempts, { retry_after: decision.retryAfterS });
    }
    const matches = await verifyPassword(passwordHash ?? (await dummyPasswordHash()), password);
    const right = matches && passwordHash !== undefined;
    if (right) await throttle.succeeded(decision.attempt);
    return right;
  };
}
