// The manager's live floor (docs/back-office.md, "The overview"): the venue's overview, its open alerts
// and their acknowledgement (the approvals waiting are four-eyes-api.ts's). Refetched when the venue's
// live stream tells of a change (use-floor-live.ts) and polled slowly beside it.
import type { FloorAlert, FloorOverview } from '@cashdesk/contract';
import { baseApi } from '../../../api/base-api';

const api = baseApi.enhanceEndpoints({
  addTagTypes: ['BoFloor', 'BoAlerts', 'BoApprovals', 'BoAudit', 'BoAccount'],
});

const account = (id: number) => `/a/manager/account/${id}`;

/** What a change of the venue (float, devices, alerts, a payout held or decided) makes stale. */
export const FLOOR_TAGS = ['BoFloor', 'BoAlerts', 'BoApprovals'] as const;

export const floorApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    boFloorOverview: build.query<FloorOverview, number>({
      query: (id) => `${account(id)}/overview`,
      providesTags: ['BoFloor'],
    }),
    boFloorAlerts: build.query<FloorAlert[], number>({
      query: (id) => `${account(id)}/alerts`,
      providesTags: ['BoAlerts'],
    }),
    boAckAlert: build.mutation<{ id: number; acked_at: string }, { id: number; alertId: number }>({
      query: ({ id, alertId }) => ({ url: `${account(id)}/alerts/${alertId}/ack`, method: 'POST', body: {} }),
      invalidatesTags: ['BoFloor', 'BoAlerts', 'BoAudit'],
    }),
  }),
});

export const { useBoFloorOverviewQuery, useBoFloorAlertsQuery, useBoAckAlertMutation } = floorApi;
