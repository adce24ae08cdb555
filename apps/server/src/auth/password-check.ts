// A password check under the sign-in throttle (throttle.ts), for the calls that take a user's password
// without a session that already proved it: sign-in, change-password and a manager's decision on an
// approval (approvals/manager-approvals.routes.ts). They share the throttle's keys, so a stolen session
// cannot guess a password faster through one call than through another. (Unlocking the till has its own
// per-session limit: lock/lock.routes.ts.)
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import { SignInThrottle, tooManyAttempts } from './throttle.js';

export type PasswordCheck = (
  request: FastifyRequest,
  reply: FastifyReply,
  login: string,
  passwordHash: string | undefined,
  password: string,
  /** The nonce of a valid device cookie for `login` (auth/device-cookie.ts), or null: an unknown client. */
  knownDevice?: string | null,
) => Promise<boolean>;

/**
 * Checks a password of `login` from the request's address: 429 `too many attempts` (with Retry-After)
 * while the throttle holds, without looking at the password. A terminal with a valid device cookie is
 * held only by that cookie's count. `passwordHash` undefined (unknown login) is checked against a dummy
 * hash, so the answer takes as long as for a real user, and always fails.
 */
export function throttledPasswordCheck(ctx: { db: Db; clock: Clock }): PasswordCheck {
  const throttle = new SignInThrottle(ctx.db, ctx.clock);
  return async (request, reply, login, passwordHash, password, knownDevice = null) => {
    const decision =
      knownDevice === null
        ? await throttle.begin(login, request.ip)
        : await throttle.beginKnownDevice(knownDevice);
    if (!decision.allowed) throw tooManyAttempts(reply, decision.retryAfterS);
    const right = await isRightPassword(passwordHash, password);
    if (right) await throttle.succeeded(decision.attempt);
    return right;
  };
}

/** The slow hash check alone; an unknown login (undefined) is checked against a dummy hash and fails. */
export async function isRightPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  const matches = await verifyPassword(passwordHash ?? (await dummyPasswordHash()), password);
  return matches && passwordHash !== undefined;
}
