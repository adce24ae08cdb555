// The one RTK Query API of the app: base path /api/v1, cookies on every call, up to 2 retries on HTTP 500
// (the request, and so its trx, is resent unchanged), unused data kept 60 s. Features add their
// endpoints with `baseApi.injectEndpoints` in their own `api/` folder.
import { API_BASE, ERR, POLL_INTERVAL_MS, RETRIES_ON_500, UNUSED_DATA_KEPT_S } from '@cashdesk/contract';
import {
  createApi,
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { sessionExpired } from './session-events';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  credentials: 'include',
  // Never an answer from the cache unchecked (no-cache, docs/product.md section 7): the browser asks the server every
  // time, but with If-None-Match where it holds a tagged answer, so an unchanged poll (float, device
  // detail, version) comes back as a bodiless 304 and the browser hands the stored answer to the app.
  // A `cache-control: no-cache` request header instead made Chromium bypass its cache altogether.
  cache: 'no-cache',
});

const retrying = retry(rawBaseQuery, {
  // Only a 500 is retried (at most twice): any other answer is final, and a retry resends the same trx.
  retryCondition: (error, _args, { attempt }) =>
    attempt <= RETRIES_ON_500 && (error as FetchBaseQueryError).status === 500,
});

/**
 * A 401 on any call ends the session on this screen too (docs/product.md section 8), and so does a 403
 * `user blocked` (the user was blocked while signed in). A 423 means the till was
 * locked (in another tab, or by auto-lock there): the lock state is asked again and the lock screen
 * takes over (features/lock).
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await retrying(args, api, extra);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status === 401 && url !== '/sign_in') api.dispatch(sessionExpired({ url }));
  // Blocked while signed in: the session is refused as blocked, and ends here as a 401 would end it.
  if (errOf(result.error) === ERR.userBlocked && url !== '/sign_in') {
    api.dispatch(sessionExpired({ url, blocked: true }));
  }
  if (result.error?.status === 423) api.dispatch(baseApi.util.invalidateTags(['Lock']));
  // A cash call without an open shift (the venue uses shifts): the shift gate asks again and shows the
  // Open shift screen (features/shift).
  if (errOf(result.error) === ERR.noOpenShift) {
    api.dispatch(baseApi.util.invalidateTags(['Shift']));
  }
  return result;
};

/** The contract's error text of a failed call, if its body has one. */
function errOf(error: FetchBaseQueryError | undefined): unknown {
  return (error?.data as { err?: unknown } | undefined)?.err;
}

/**
 * A screen that opens asks again for what it shows (`refetchOnMountOrArgChange`) unless the answer is
 * younger than one poll period (POLL_INTERVAL_MS, the freshness every screen lives with anyway): the
 * answers a signed-in page carries (app/first-screen-data.ts) are a moment old when the first screen
 * mounts, even on a slow till, and the live-updates stream's hello asks again right after.
 */
export const REFETCH_ON_OPEN_OLDER_THAN_S = POLL_INTERVAL_MS / 1000;

/**
 * Whether a query that is never skipped has no answer yet, for a `selectFromResult`: RTK Query counts
 * the moment before the query starts as loading only when no selectFromResult is given.
 */
export function isFirstLoad(result: { isLoading: boolean; isUninitialized: boolean }): boolean {
  return result.isLoading || result.isUninitialized;
}

export const TAGS = [
  'Me',
  'Float',
  'Devices',
  'Device',
  'Reports',
  'Lock',
  'Version',
  'Shift',
  'Player',
] as const;
export type Tag = (typeof TAGS)[number];
/** The venue's data, dropped from the cache while the till is locked (not the session's, not the build's). */
export const CASHIER_DATA_TAGS: readonly Tag[] = TAGS.filter(
  (tag) => tag !== 'Me' && tag !== 'Lock' && tag !== 'Version',
);

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  keepUnusedDataFor: UNUSED_DATA_KEPT_S,
  endpoints: () => ({}),
});
