// OWASP's device cookie (docs/security.md, "Known terminals"): after a successful sign-in the browser gets
// a cookie, signed with a server secret, naming the login it signed in as. A later sign-in of that login
// presenting it is throttled only by the cookie's own failure count, so an attacker who keeps the login
// or the venue's address locked cannot keep a terminal that signed in before out.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '@cashdesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ensureSecret } from './secrets.repository.js';

export const DEVICE_COOKIE_PREFIX = 'x-device-';
/** Renewed at every successful sign-in: a terminal in use never loses it. */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** Only sign-in reads it: the browser sends it nowhere else. */
export const DEVICE_COOKIE_PATH = `${API_BASE}/sign_in`;
const SECRET_KEY = 'device_cookie_secret';
const NONCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export interface DeviceCookies {
  /** Sets a new device cookie for `login` (after a successful sign-in). */
  issue(request: FastifyRequest, reply: FastifyReply, login: string): void;
  /** The nonce of the request's valid, unexpired device cookie for `login`, or null. */
  verify(request: FastifyRequest, login: string): string | null;
}

/** One cookie per login, so several cashiers who sign in at one terminal each keep theirs. */
export function deviceCookieName(login: string): string {
  return DEVICE_COOKIE_PREFIX + createHash('sha256').update(login).digest('hex').slice(0, 16);
}

/** Loads (or creates, once for every process) the signing secret. */
export async function deviceCookies(ctx: AppContext): Promise<DeviceCookies> {
  const secret = Buffer.from(
    await ensureSecret(ctx.db.kysely, SECRET_KEY, randomBytes(32).toString('base64url')),
    'base64url',
  );
  const sign = (login: string, issuedAtMs: number, nonce: string): Buffer =>
    createHmac('sha256', secret).update(`device-cookie|v1|${login}|${issuedAtMs}|${nonce}`).digest();

  return {
    issue(request, reply, login) {
      const issuedAtMs = ctx.clock.now();
      const nonce = randomBytes(16).toString('base64url');
      const value = [
        Buffer.from(login).toString('base64url'),
        issuedAtMs,
        nonce,
        sign(login, issuedAtMs, nonce).toString('base64url'),
      ].join('.');
      reply.setCookie(deviceCookieName(login), value, {
        httpOnly: true,
        sameSite: 'strict',
        path: DEVICE_COOKIE_PATH,
        secure: request.protocol === 'https',
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
    },

    verify(request, login) {
      const value = request.cookies[deviceCookieName(login)];
      if (!value) return null;
      const parts = value.split('.');
      if (parts.length !== 4) return null;
      const [loginPart = '', issuedPart = '', nonce = '', signature = ''] = parts;
      if (!NONCE_PATTERN.test(nonce) || !/^\d{1,15}$/.test(issuedPart)) return null;
      if (Buffer.from(loginPart, 'base64url').toString() !== login) return null;
      const issuedAtMs = Number(issuedPart);
      const age = ctx.clock.now() - issuedAtMs;
      if (age < -60_000 || age >= DEVICE_COOKIE_MAX_AGE_S * 1000) return null;
      const expected = sign(login, issuedAtMs, nonce);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return nonce;
    },
  };
}
