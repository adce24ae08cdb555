// The operator's maintenance text (public call; 404 when none is set).
import type { MaintenanceMessage } from '@cashdesk/contract';
import { baseApi } from '../../../api/base-api';

export const maintenanceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    maintenanceMessage: build.query<MaintenanceMessage, void>({ query: () => '/maintenance' }),
  }),
});

export const { useMaintenanceMessageQuery } = maintenanceApi;
