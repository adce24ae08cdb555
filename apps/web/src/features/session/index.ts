// The session's public entry: its state (signed in, signed out, expired), the guard of signed-in routes,
// the watcher that reacts to an expiry, and logout.
export { RequireSession } from './require-session';
export { SessionWatcher } from './session-watcher';
export { sessionSlice, signedIn, signedOut } from './session-slice';
export { useLogout, useResetApiOnSignedOutExit } from './use-logout';
