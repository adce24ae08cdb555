// The back office's calls of cash-drawer shifts (docs/api.md, "Shifts"): an account's shifts, newest first
// and paged by id, filtered by cashier and days, and one closed shift's Z-report.
import type { ShiftListQuery, ShiftListRow, ZReport } from '@cashdesk/contract';
import { baseApi } from '../../../api/base-api';
import { queryParams } from '../shared/back-office-api';

const shifts = (id: number) => `/a/manager/account/${id}/shifts`;

export const drawerShiftsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    boDrawerShifts: build.query<ShiftListRow[], { id: number; query: ShiftListQuery }>({
      query: ({ id, query }) => ({ url: shifts(id), params: queryParams({ ...query }) }),
    }),
    boZReport: build.query<ZReport, { id: number; shiftId: number }>({
      query: ({ id, shiftId }) => `${shifts(id)}/${shiftId}`,
    }),
  }),
});

export const { useBoDrawerShiftsQuery, useBoZReportQuery } = drawerShiftsApi;
