// The back office's public entry: the route elements that keep cashiers and the console apart. The
// console itself (back-office-app.tsx) is loaded on demand by BackOfficeEntry and is never exported here,
// so importing this file never brings it into a chunk.
export { BackOfficeEntry, CashierOnly } from './back-office-entry';
