// The operator's configuration of the web app's public parts (client download, support widget); it
// changes only with a server restart, so it is read once per screen and never polled.
import type { ClientConfig } from '@cashdesk/contract';
import { baseApi } from './base-api';

export const clientConfigApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    clientConfig: build.query<ClientConfig, void>({ query: () => '/client_config' }),
  }),
});

export const { useClientConfigQuery } = clientConfigApi;
