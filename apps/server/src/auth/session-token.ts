// A session's token (docs/api.md, "Session"; docs/security.md): random, carried in the cookie `x-token`
// (HttpOnly so scripts cannot read it, SameSite=Strict so no other site can make the browser send it,
// Secure when served over https), and stored only as its sha-256, so a database leak does not leak live
// sessions: the database and the auth cache know a session by that hash (sessions.repository.ts,
// auth-cache.ts).
import { createHash, randomBytes } from 'node:crypto';
import { REMEMBER_ME_DAYS } from '@cashdesk/contract';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

const TOKEN_BYTES = 32;
/** 32 bytes in base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A cookie value that cannot be one of our tokens is not worth a database round trip. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export const SESSION_COOKIE = 'x-token';
export const REMEMBER_COOKIE_MAX_AGE_S = REMEMBER_ME_DAYS * 24 * 60 * 60;

function baseOptions(request: FastifyRequest): CookieSerializeOptions {
  // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on.
  return { httpOnly: true, sameSite: 'strict', path: '/', secure: request.protocol === 'https' };
}

/** The token of the request's cookie, or null. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const value = request.cookies[SESSION_COOKIE];
  return value ? value : null;
}

/** The request's session token and its hash, hashed once for every look-up of the request. */
export interface SessionCookie {
  token: string;
  tokenHash: string;
}

/** The session token of the request's cookie with its hash, or null: no cookie. */
export function sessionCookieOf(request: FastifyRequest): SessionCookie | null {
  const token = sessionTokenOf(request);
  return token === null ? null : { token, tokenHash: hashSessionToken(token) };
}

/** "Remember me" makes the cookie persistent (30 days); otherwise it ends with the browser. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  remember: boolean,
): void {
  const options = baseOptions(request);
  if (remember) options.maxAge = REMEMBER_COOKIE_MAX_AGE_S;
  reply.setCookie(SESSION_COOKIE, token, options);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, baseOptions(request));
}
