// The session cookie `x-token` (docs/api.md, "Session"): HttpOnly so scripts cannot read it,
// SameSite=Strict so no other site can make the browser send it, Secure when served over https.
import { REMEMBER_ME_DAYS } from '@cashdesk/contract';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
