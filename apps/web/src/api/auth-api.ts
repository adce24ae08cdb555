// Session calls: current user, sign in, sign out, change password.
import type { ChangePasswordRequest, Ok, SignInRequest, User } from '@cashdesk/contract';
import { baseApi } from './base-api';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<User, void>({ query: () => '/a/me', providesTags: ['Me'] }),
    signIn: build.mutation<User, SignInRequest>({
      query: (body) => ({ url: '/sign_in', method: 'POST', body }),
    }),
    signOut: build.mutation<Ok, void>({ query: () => ({ url: '/a/sign_out', method: 'POST' }) }),
    changePassword: build.mutation<Ok, ChangePasswordRequest>({
      query: (body) => ({ url: '/a/change_password', method: 'POST', body }),
    }),
  }),
});

export const { useMeQuery, useSignInMutation, useSignOutMutation, useChangePasswordMutation } = authApi;

/**
 * The signed-in user from the cached `/a/me` answer. The component re-renders when the answer changes,
 * not when a refetch starts or ends (the stream's hello and a `me` change ask again).
 */
export function useMe(): User | undefined {
  return useMeQuery(undefined, { selectFromResult: ({ data }) => ({ data }) }).data;
}
