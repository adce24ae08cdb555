// The page's answers go into the API cache before the first render, once, and a page
// without them (or with a broken block) changes nothing.
import type { Device, LockState, User } from '@cashdesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { authApi } from '../api/auth-api';
import '../features/devices';
import '../features/lock';
import { FIRST_SCREEN_DATA_ID, seedFirstScreenData } from './first-screen-data';
import { makeStore } from './store';

const USER = { id: 7, login: 'cashier', name: 'Ann', role: 'cashier', restrictions: [] } as unknown as User;
const LOCK: LockState = { locked: false, auto_lock_after_ms: 900_000 };
const DEVICES = [{ id: 3, name: 'Cabinet <one>' }] as unknown as Device[];

function pageWith(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_SCREEN_DATA_ID;
  block.textContent = text;
  document.body.append(block);
}

/** The cached data of a query without an argument, by name. */
function cached(store: ReturnType<typeof makeStore>, query: string): unknown {
  const entries = Object.values(store.getState().api.queries);
  return entries.find((entry) => entry?.endpointName === query)?.data;
}

describe('seedFirstScreenData', () => {
  afterEach(() => document.getElementById(FIRST_SCREEN_DATA_ID)?.remove());

  it("puts the page's answers in the cache as the queries' own, and takes them once", async () => {
    pageWith(
      JSON.stringify({ '/a/me': USER, '/a/lock': LOCK, '/a/cashier/devices': DEVICES }).replaceAll(
        '<',
        '\\u003c',
      ),
    );
    const store = makeStore();
    await seedFirstScreenData(store);
    expect(authApi.endpoints.me.select()(store.getState()).data).toEqual(USER);
    expect(cached(store, 'lockState')).toEqual(LOCK);
    expect(cached(store, 'devices')).toEqual(DEVICES);
    // The user's answer counts as the session's, as a fetched one does (features/session).
    expect(store.getState().session).toMatchObject({ active: true, seen: true });
    expect(document.getElementById(FIRST_SCREEN_DATA_ID)).toBeNull();

    const again = makeStore();
    await seedFirstScreenData(again);
    expect(Object.keys(again.getState().api.queries)).toEqual([]);
  });

  it('changes nothing without a block, with one that does not parse, or with calls it does not know', async () => {
    const store = makeStore();
    await seedFirstScreenData(store);
    pageWith('{"/a/me":');
    await seedFirstScreenData(store);
    pageWith('{"/a/other":{"x":1}}');
    await seedFirstScreenData(store);
    expect(Object.keys(store.getState().api.queries)).toEqual([]);
    expect(store.getState().session.active).toBe(false);
  });
});
