// Who is calling, and may they: hooks that routes of every domain put in front of their handlers.
//
//   app.addHook('preHandler', requireUser(ctx));                 // every route of a plugin
//   app.get('/a/cashier/devices', { preHandler: requireCashier }, async (request) => {
//     const cashier = cashierOf(request);                         // typed: account_id is a number
//   });
//   app.post('/a/admin/user', { preHandler: requireRole('admin') }, ...);
//
// requireUser must run first; the other hooks read the user it attached. app.ts also runs it for every
// route under /api/v1/a/ (installSessionGuard), so a route there cannot be left open by mistake; a
// route that must work signed out says so with `config: { sessionOptional: true }`.
import { API_BASE, ERR, type Restriction, type Role, type User } from '@cashdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { findUserById, restrictionsOf } from '../users/index.js';
import type { AuthCache, SignedIn } from './auth-cache.js';
import { clearSessionCookie, sessionCookieOf, type SessionCookie } from './session-token.js';
import {
  findActiveSession,
  isSessionExpired,
  touchSession,
  TOUCH_INTERVAL_MS,
  type SessionRow,
} from './sessions.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by requireUser; read it with userOf / cashierOf. */
    user?: UserRow;
    /** The session the request came with, set by requireUser. */
    authSession?: SessionRow;
  }
  interface FastifyContextConfig {
    /** Route config: installSessionGuard lets the route run without a session (sign-out). */
    sessionOptional?: boolean;
    /** Route config: the route answers while the session's till is locked (me, lock, unlock). */
    allowedWhileLocked?: boolean;
  }
}

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * What the guards read of the app's context (context.ts's AppContext has it all): named here, so the
 * guards, which every domain uses, do not depend on the context that composes those domains.
 */
export interface GuardContext {
  db: Db;
  auth: AuthCache;
  clock: Clock;
  config: Pick<Config, 'session'>;
}

/**
 * The live session of a cookie's token (session-token.ts sessionCookieOf) and its user, or null: what
 * every signed-in check starts from. Served from the process's cache when it holds the session
 * (auth-cache.ts): no query, except the once-a-minute last-seen write the database path makes too.
 */
export async function findSignedIn(ctx: GuardContext, cookie: SessionCookie): Promise<SignedIn | null> {
  const cache = ctx.auth;
  const { tokenHash } = cookie;
  const now = ctx.clock.now();
  const cached = cache.session(tokenHash);
  if (cached && !isSessionExpired(cached.session, ctx.config.session, now)) {
    if (now - cached.session.last_seen_at_ms < TOUCH_INTERVAL_MS) return cached;
    // The entry's last-seen time must never run ahead of the database's: if the write found a later
    // time there (another process touched it), read the session afresh next time.
    if (await touchSession(ctx.db.kysely, tokenHash, now)) cache.touched(tokenHash, now);
    else cache.drop(tokenHash);
    return { ...cached, session: { ...cached.session, last_seen_at_ms: now } };
  }
  // Not cached, or it looks expired by the entry (whose last-seen time may lag the database's): the
  // database decides, exactly as without the cache.
  if (cached) cache.drop(tokenHash);
  const ticket = cache.ticket();
  const session = await findActiveSession(ctx.db.kysely, cookie, ctx.config.session, now);
  const user = session ? await findUserById(ctx.db.kysely, session.user_id) : undefined;
  if (!session || !user) return null;
  const signedIn = { session, user };
  cache.storeSession(ticket, tokenHash, signedIn);
  return signedIn;
}

/**
 * Loads the session of cookie `x-token` and its user. 401 `unauthorized` when there is no live
 * session (and a dead cookie is cleared), 403 `user blocked` for a blocked user.
 * Runs its queries once per request, however many times it is listed.
 */
export function requireUser(ctx: GuardContext): AuthHook {
  return async (request, reply) => {
    // A second run would find the same user: it only saves the work (docs/testing.md, guard-rerun).
    if (request.user) return;
    const cookie = sessionCookieOf(request);
    if (!cookie) throw new ApiError(ERR.unauthorized);
    const signedIn = await findSignedIn(ctx, cookie);
    if (!signedIn) {
      clearSessionCookie(request, reply);
      throw new ApiError(ERR.unauthorized);
    }
    const { session, user } = signedIn;
    if (user.blocked) throw new ApiError(ERR.userBlocked);
    request.user = user;
    request.authSession = session;
  };
}

/**
 * Runs requireUser for every route under `/api/v1/a/`: signed-in is the default there. While the
 * session's till is locked (docs/web-app.md) every such route answers 423 `till locked`, unless it says
 * `config: { allowedWhileLocked: true }`: a route added later is locked out without anyone remembering to.
 */
export function installSessionGuard(app: FastifyInstance, ctx: GuardContext): void {
  const guard = requireUser(ctx);
  const prefix = `${API_BASE}/a/`;
  app.addHook('onRequest', async (request, reply) => {
    // The matched route's pattern, not the raw URL: encoding tricks cannot dodge it.
    const route = request.routeOptions;
    if (!route.url?.startsWith(prefix) || route.config.sessionOptional) return;
    await guard(request, reply);
    // The guard set the session or threw: none here would be a wiring mistake, which fails closed (500).
    const lockedAt = request.authSession!.locked_at_ms;
    if (lockedAt !== null && !route.config.allowedWhileLocked) {
      throw new ApiError(ERR.tillLocked);
    }
  });
}

/** The signed-in user; 401 if requireUser did not run (a wiring mistake fails closed). */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw new ApiError(ERR.unauthorized);
  return request.user;
}

/** The session the request came with; 401 if requireUser did not run. */
export function sessionOf(request: FastifyRequest): SessionRow {
  if (!request.authSession) throw new ApiError(ERR.unauthorized);
  return request.authSession;
}

export type CashierRow = UserRow & { role: 'cashier'; account_id: number };

function isCashierWithAccount(user: UserRow): user is CashierRow {
  return user.role === 'cashier' && user.account_id !== null;
}

/** The signed-in cashier; throws like requireCashier otherwise. */
export function cashierOf(request: FastifyRequest): CashierRow {
  const user = userOf(request);
  if (isCashierWithAccount(user)) return user;
  throw new ApiError(user.role === 'cashier' ? ERR.noAccount : ERR.forbidden);
}

/** 403 `Forbidden` unless the user has one of the roles. */
export function requireRole(...roles: Role[]): AuthHook {
  return async (request) => {
    if (!roles.includes(userOf(request).role)) throw new ApiError(ERR.forbidden);
  };
}

/**
 * Cashier calls: role cashier linked to an account. 403 `user dont have account` for a cashier
 * without one, 403 `Forbidden` for any other role.
 */
export const requireCashier: AuthHook = async (request) => {
  cashierOf(request);
};

export function hasRestriction(user: UserRow | User, name: Restriction): boolean {
  // A database row holds them as JSON text, a User as a list.
  const list =
    // Stryker disable next-line ConditionalExpression,StringLiteral: restriction-text
    typeof user.restrictions === 'string'
      ? restrictionsOf({ restrictions: user.restrictions })
      : user.restrictions;
  return list.includes(name);
}

/** 403 `Forbidden` unless the user holds the restriction (docs/product.md section 6), e.g. can_edit_device. */
// Stryker disable next-line BlockStatement: hook-required
export function requireRestriction(name: Restriction): AuthHook {
  return async (request) => {
    if (!hasRestriction(userOf(request), name)) throw new ApiError(ERR.forbidden);
  };
}
