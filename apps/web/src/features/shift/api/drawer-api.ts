// The till's calls in the open shift (docs/api.md, "The till's drawer"): a drop, a paid-in or a paid-out,
// the X-report, and the copy of the last receipt. Only the till's chunk imports this file, so its
// endpoints stay out of the devices screen's first load.
import type {
  DrawerMovement,
  DrawerMovementKind,
  DrawerMovementRequest,
  ReceiptCopy,
  XReport,
} from '@cashdesk/contract';
import { baseApi } from '../../../api/base-api';

export const drawerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    moveDrawer: build.mutation<
      DrawerMovement,
      { shiftId: number; kind: DrawerMovementKind; body: DrawerMovementRequest }
    >({
      query: ({ shiftId, kind, body }) => ({
        url: `/a/cashier/shift/${shiftId}/${kind}`,
        method: 'POST',
        body,
      }),
    }),
    // Read afresh each time the till shows it: a mid-shift read is of this moment.
    xReport: build.query<XReport, number>({
      query: (shiftId) => `/a/cashier/shift/${shiftId}/x_report`,
      keepUnusedDataFor: 0,
    }),
    reprintReceipt: build.mutation<ReceiptCopy, void>({
      query: () => ({ url: '/a/cashier/receipt/reprint', method: 'POST', body: {} }),
    }),
  }),
});

export const { useMoveDrawerMutation, useXReportQuery, useReprintReceiptMutation } = drawerApi;
