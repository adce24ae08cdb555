// The till lock calls (docs/web-app.md): the session's lock state, lock, and unlock with the password.
// Lock and unlock answer the new state, which goes straight into the cached lock state: the lock screen
// appears (or goes) without another round trip.
import type { LockState, UnlockRequest } from '@cashdesk/contract';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { baseApi } from '../../../api/base-api';

interface MutationLifecycle extends Pick<BaseQueryApi, 'dispatch'> {
  queryFulfilled: Promise<{ data: LockState }>;
}

/** A lock or unlock answer becomes the cached lock state; a failure leaves the state as it was. */
async function adoptAnswer(_arg: unknown, { dispatch, queryFulfilled }: MutationLifecycle) {
  const answer = await queryFulfilled.catch(() => null);
  if (answer) await dispatch(lockApi.util.upsertQueryData('lockState', undefined, answer.data));
}

export const lockApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    lockState: build.query<LockState, void>({ query: () => '/a/lock', providesTags: ['Lock'] }),
    lockTill: build.mutation<LockState, void>({
      query: () => ({ url: '/a/lock', method: 'POST' }),
      onQueryStarted: adoptAnswer,
    }),
    unlockTill: build.mutation<LockState, UnlockRequest>({
      query: (body) => ({ url: '/a/unlock', method: 'POST', body }),
      onQueryStarted: adoptAnswer,
    }),
  }),
});

export const { useLockStateQuery, useLockTillMutation, useUnlockTillMutation } = lockApi;
