// The cashier report (contract: POST /a/cashier/report): the signed-in cashier's own deposits and
// withdraws on the given devices in [from, to], newest first. `remote: true` adds the venue's home-play
// devices, which the web cannot list. The history page and the statistic modal both read it here.
import type { ReportEntry, ReportRequest } from '@cashdesk/contract';
import { baseApi } from '../../../api/base-api';

export interface CashierReportArgs {
  device_ids: readonly number[];
  from: string;
  to: string;
}

export const reportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cashierReport: build.query<ReportEntry[], CashierReportArgs>({
      query: ({ device_ids, from, to }) => ({
        url: '/a/cashier/report',
        method: 'POST',
        body: { device_ids: [...device_ids], from, to, remote: true } satisfies ReportRequest,
      }),
      // docs/product.md section 7: a null answer is an empty report.
      transformResponse: (rows: ReportEntry[] | null) => rows ?? [],
      // Cash calls invalidate 'Reports', so an open history page refetches after an operation.
      providesTags: ['Reports'],
    }),
  }),
});

export const { useCashierReportQuery, useLazyCashierReportQuery } = reportApi;
