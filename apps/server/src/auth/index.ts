// The auth domain's entry: what other domains use of it (lint refuses their reaching further in). Its
// routes and the auth cache's construction are composed by app.ts and context.ts.
export { revokingTransaction, type AuthCache } from './auth-cache.js';
export { clearSessionCookie, sessionCookieOf, sessionTokenOf, type SessionCookie } from './session-token.js';
export {
  cashierOf,
  findSignedIn,
  requireCashier,
  requireRestriction,
  requireRole,
  sessionOf,
  userOf,
  type CashierRow,
} from './guards.js';
export { hashPassword } from './password.js';
export { isRightPassword, throttledPasswordCheck } from './password-check.js';
export { assertAcceptablePassword } from './password-policy.js';
export {
  countUnlockAttempt,
  deleteSessionByHash,
  deleteUserSessions,
  setSessionLock,
  type SessionRow,
} from './sessions.repository.js';
export { AttemptThrottle, doublingRule, tooManyAttempts, type ThrottlePolicy } from './throttle.js';
