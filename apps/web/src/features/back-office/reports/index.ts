// The reports' public entry: the shift report, the drawer shifts with their Z-reports, the daily report
// and the cash report, and the venue's wall-clock time that the overview's hours show too.
export { CashReportView } from './cash-report-view';
export { DailyReportView } from './daily-report-view';
export { DrawerShifts } from './drawer-shifts';
export { ShiftReportView } from './shift-report-view';
export { venueTime } from './daily-report';
