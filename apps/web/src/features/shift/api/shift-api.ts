// The cashier's cash-drawer shift (docs/api.md, "Shifts"): the open shift (null when there is none, the
// server's 404), opening it with the drawer's count and the blind close that answers the Z-report.
import type { OpenShift, ShiftCountRequest, ZReport } from '@cashdesk/contract';
import { baseApi } from '../../../api/base-api';

export const shiftApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    currentShift: build.query<OpenShift | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/a/cashier/shift');
        if (result.error?.status === 404) return { data: null };
        if (result.error) return { error: result.error };
        return { data: result.data as OpenShift };
      },
      providesTags: ['Shift'],
    }),
    openShift: build.mutation<OpenShift, ShiftCountRequest>({
      query: (body) => ({ url: '/a/cashier/shift/open', method: 'POST', body }),
      invalidatesTags: ['Shift'],
    }),
    closeShift: build.mutation<ZReport, ShiftCountRequest>({
      query: (body) => ({ url: '/a/cashier/shift/close', method: 'POST', body }),
      invalidatesTags: ['Shift'],
    }),
  }),
});

export const { useCurrentShiftQuery, useOpenShiftMutation, useCloseShiftMutation } = shiftApi;
