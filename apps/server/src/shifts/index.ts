// The shifts domain's entry: what other domains use of it (lint refuses their reaching further in). Its
// routes are composed by app.ts.
export {
  assertShiftForCashCall,
  findShiftGate,
  findShiftGateStatement,
  readOpenShifts,
  shiftOfOperation,
} from './cash-call-shift.js';
export { findZReport, listShifts } from './shifts.repository.js';
