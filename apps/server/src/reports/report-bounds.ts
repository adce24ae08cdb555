// The instants a report's `from` and `to` cover. Ledger times have milliseconds, screens have seconds.

const WHOLE_SECOND_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$/;
const LAST_MS_OF_SECOND = 999;

/**
 * The last millisecond `to` covers. A bound written to the second (`…T23:59:59+01:00`, what the history
 * page and statistics send) covers that whole second: otherwise an operation at 23:59:59.400 would be in
 * neither the day it ends nor the next one, which starts at 00:00:00. A bound with milliseconds, or a
 * date-only bound (UTC midnight, contract), is taken as written.
 */
export function lastCoveredMs(toText: string, to: Date): number {
  return WHOLE_SECOND_DATE_TIME.test(toText) ? to.getTime() + LAST_MS_OF_SECOND : to.getTime();
}
