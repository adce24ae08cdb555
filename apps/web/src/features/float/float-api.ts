// The float (account balance) of the signed-in cashier's venue, polled while a signed-in screen is open.
import type { FloatInfo } from '@cashdesk/contract';
import { baseApi, REFETCH_ON_OPEN_OLDER_THAN_S } from '../../api/base-api';
import { usePollInterval } from '../live-updates';

export const floatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    float: build.query<FloatInfo, void>({
      query: () => '/a/cashier/account_balance',
      providesTags: ['Float'],
    }),
  }),
});

export const { useFloatQuery } = floatApi;

/**
 * The float as the navigation bar reads it: polled (usePollInterval) and fetched afresh on mount,
 * so a cashier never acts on a figure from a previous screen. Other screens that only need a flag
 * (home_play, the block flags) can call this too: RTK Query shares one poll between subscribers.
 * Only the answer is read, so a poll that brings the same figures re-renders nothing.
 */
export function usePolledFloat(): FloatInfo | undefined {
  return useFloatQuery(undefined, {
    pollingInterval: usePollInterval(),
    refetchOnMountOrArgChange: REFETCH_ON_OPEN_OLDER_THAN_S,
    selectFromResult: ({ data }) => ({ data }),
  }).data;
}

export { floatVisibility, type FloatView } from './float-visibility';
