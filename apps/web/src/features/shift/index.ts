// The shift feature's public entry: the gate around the cashier's screens (Open shift screen, blind close,
// Z-report), the navigation's Close shift entry, and the Z-report sheet the back office shows too.
export { CloseShiftButton } from './close-shift-button';
export { ShiftGate } from './shift-gate';
export { ZReportModal, ZReportSheet } from './z-report';
