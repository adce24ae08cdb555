// The cash report's call (docs/back-office.md, "The cash report"): one gaming day's log of the players'
// large transactions and the players reported, read like the daily report.
import type { CashReport } from '@cashdesk/contract';
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
