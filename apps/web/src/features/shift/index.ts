// The shift feature's public entry: the gate around the cashier's screens (Open shift screen, blind close,
// Z-report, the till), the navigation's Till and Close shift entries, and the Z-report sheet the back
// office shows too.
export { ShiftButtons } from './close-shift-button';
export { ShiftGate } from './shift-gate';
export { ZReportModal, ZReportSheet } from './z-report';
