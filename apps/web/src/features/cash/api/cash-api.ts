// Cash calls of a player place (contract: cashier calls): deposit/withdraw/cash-out, regular and remote,
// and the place's last operations. A cash call's trx comes from the caller, made once per operation and
// kept until a definitive answer (unconfirmed/), so the base API's retries on HTTP 500 and the resends of
// an unconfirmed operation are the very same request and the server executes it once.
import {
  CASH_CALL_TIMEOUT_MS,
  PLACE_HISTORY_FETCH,
  type CashRequest,
  type CashResult,
  type LimitReportRequest,
  type RemoteCashRequest,
  type ReportEntry,
} from '@cashdesk/contract';
import { baseApi } from '../../../api/base-api';

export interface PlaceCashArgs extends CashRequest {
  deviceId: number;
  place: number;
}

export interface RemotePlaceCashArgs extends RemoteCashRequest {
  deviceId: number;
  place: number;
}

export interface PlaceOperationsArgs {
  deviceId: number;
  place: number;
}

// Money moved (or maybe moved, when the answer was lost): the float, the device list and the device's
// places are stale, and so are the reports. RTK Query applies these on failures too.
// A call for a player moves their figures of the day (what is left of their limit) and maybe their seats.
const AFTER_CASH_CALL = ['Float', 'Devices', 'Device', 'Reports', 'Player'] as const;

/** The player the call is for, only when one is named: a call for nobody stays the request the spec names. */
const playerOf = (player_id: number | undefined) => (player_id === undefined ? {} : { player_id });

export const cashApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    modifyPlaceCash: build.mutation<CashResult, PlaceCashArgs>({
      query: ({ deviceId, place, delta, trx, cash_out, player_id }) => ({
        url: `/a/cashier/devices/${deviceId}/place/${place}/update`,
        method: 'POST',
        body: { delta, trx, ...(cash_out ? { cash_out } : {}), ...playerOf(player_id) } satisfies CashRequest,
        // Without it a call whose connection hangs would keep the modal busy for the browser's own
        // limit (minutes); after it the operation is unconfirmed and resent, never dropped.
        timeout: CASH_CALL_TIMEOUT_MS,
      }),
      invalidatesTags: [...AFTER_CASH_CALL],
    }),

    modifyRemotePlaceCash: build.mutation<CashResult, RemotePlaceCashArgs>({
      query: ({ deviceId, place, delta, trx, pin_code, cash_out, player_id }) => ({
        url: `/a/cashier/devices/remote/${deviceId}/place/${place}/update`,
        method: 'POST',
        body: {
          delta,
          trx,
          pin_code,
          ...(cash_out ? { cash_out } : {}),
          ...playerOf(player_id),
        } satisfies RemoteCashRequest,
        timeout: CASH_CALL_TIMEOUT_MS,
      }),
      invalidatesTags: [...AFTER_CASH_CALL],
    }),

    // Four eyes (docs/product.md section 12): the cashier takes back their own request while it waits.
    retractApproval: build.mutation<unknown, string>({
      query: (approvalId) => ({
        url: `/a/cashier/approvals/${encodeURIComponent(approvalId)}/withdraw`,
        method: 'POST',
        body: {},
      }),
    }),

    lastPlaceOperations: build.query<ReportEntry[], PlaceOperationsArgs>({
      query: ({ deviceId, place }) => ({
        url: '/a/cashier/limit_report',
        method: 'POST',
        body: {
          device_ids: [deviceId],
          limit: PLACE_HISTORY_FETCH,
          placeId: place,
          remote: true,
        } satisfies LimitReportRequest,
      }),
      // A null answer counts as empty (docs/product.md section 7).
      transformResponse: (entries: ReportEntry[] | null) => entries ?? [],
      // About this device: a live change to it refetches the place's operations too.
      providesTags: (_result, _error, { deviceId }) => ['Reports', { type: 'Device', id: deviceId }],
    }),
  }),
});

export const { useModifyPlaceCashMutation, useModifyRemotePlaceCashMutation, useLastPlaceOperationsQuery } =
  cashApi;
