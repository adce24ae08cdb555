// The answers the server put in a signed-in screen's page (apps/server/src/http/first-screen-data.ts;
// BENCHMARKS.md, "Web first load"): the session (`/a/me`), the till's lock state, the devices list, the day's totals and the
// float, as the API answered them.
// They go into the API cache before the first render, so the devices screen draws at once instead of
// after two more round trips. Each is read once, then the block is removed: a later render, a re-created
// store, never takes them again. A page without the block (signed out, a server without it) or with an
// unreadable one changes nothing: the screens ask the API as they always did, and they still refetch
// as they always do (the devices list on mount, the polls), so the copy is never kept for long.
import { baseApi } from '../api/base-api';
import { nextTask } from './next-task';
import type { AppStore } from './store';

/** The block's id, as the server writes it. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** Which query each call's answer is, all without an argument. */
const QUERY_OF_CALL: Record<string, string> = {
  '/a/me': 'me',
  '/a/lock': 'lockState',
  '/a/cashier/devices': 'devices',
  '/a/cashier/daily_totals': 'dailyTotals',
  '/a/cashier/account_balance': 'float',
};

/** The block's answers, once; null without a block or with one that does not parse. */
function takeAnswers(): Record<string, unknown> | null {
  const block = document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!block) return null;
  block.remove();
  try {
    const answers: unknown = JSON.parse(block.textContent ?? '');
    return answers !== null && typeof answers === 'object' ? (answers as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

// The endpoints are injected by the features (the lock and devices ones with the signed-in chunk, which
// is in before this runs on a signed-in screen), so baseApi's own types do not name them: the cache is
// filled by name, and a name not injected yet is skipped.
type UpsertByName = (endpoint: string, arg: undefined, value: unknown) => Parameters<AppStore['dispatch']>[0];

/**
 * Puts the page's answers in `store`'s API cache as if the queries had just answered them (the session
 * slice sees the user's answer too); settles when they are in. One answer per task (nextTask): the five
 * at once were one task of 40 ms and more under Lighthouse's 4x slowdown (BENCHMARKS.md, 'Web first load').
 */
export async function seedFirstScreenData(store: AppStore): Promise<void> {
  const answers = takeAnswers();
  if (!answers) return;
  const upsert = baseApi.util.upsertQueryData as unknown as UpsertByName;
  const endpoints = baseApi.endpoints as Record<string, unknown>;
  for (const [call, value] of Object.entries(answers)) {
    const query = QUERY_OF_CALL[call];
    if (!query || !endpoints[query]) continue;
    await nextTask();
    await Promise.allSettled([store.dispatch(upsert(query, undefined, value))]);
  }
}
