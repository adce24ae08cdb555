// The shifts domain's entry: what other domains use of it (lint refuses their reaching further in). Its
// routes are composed by app.ts.
export { assertShiftForCashCall } from './shift-guard.js';
export { readOpenShifts, shiftOfOperation } from './shift-of-operation.js';
export { findShiftGate, findShiftGateStatement, findZReport, listShifts } from './shifts.repository.js';
