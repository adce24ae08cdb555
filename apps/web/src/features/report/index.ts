// The report feature's public entry: the cashier report call, its period (range) and the parts the
// history page and the statistic modal both show.
export { useCashierReportQuery, useLazyCashierReportQuery } from './api/report-api';
export { RangeFields } from './components/range-fields';
export { ReportCapNotice } from './components/report-cap-notice';
export { ReportTotalsList } from './components/report-totals-list';
export { defaultRange, rangeProblem, reportBounds, type ReportRange } from './range';
export { formatPeriod, offsetLabel } from './range-format';
export { useReportDevices, type ReportDevices } from './use-report-devices';
export { useReportFailureToast, type ReportError } from './use-report-failure-toast';
