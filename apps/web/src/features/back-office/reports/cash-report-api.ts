// The cash report's call (docs/back-office.md, "The cash report"): one gaming day's log of the players'
// large transactions and the players reported, read like the daily report.
import { API_BASE, type CashReport } from '@cashdesk/contract';
import { backOfficeApi } from '../shared/back-office-api';

const cashReportPath = (id: number) => `/a/manager/account/${id}/cash_report`;

export const cashReportApi = backOfficeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    boCashReport: build.query<CashReport, { id: number; day: string }>({
      query: ({ id, day }) => ({ url: cashReportPath(id), params: { day } }),
      // A running day grows: asked again when the manager comes back to it (as the daily report).
      providesTags: ['BoLedger'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useBoCashReportQuery } = cashReportApi;

/**
 * The day's CSV as the server writes it (`?format=csv`, the contract's "CSV like the daily report"): a
 * plain link, the session cookie goes along, and the file is the server's own, identity included.
 */
export function cashReportCsvUrl(id: number, day: string): string {
  return `${API_BASE}${cashReportPath(id)}?${new URLSearchParams({ day, format: 'csv' }).toString()}`;
}

export function cashReportFileName(id: number, day: string): string {
  return `cash-report-${id}-${day}.csv`;
}
