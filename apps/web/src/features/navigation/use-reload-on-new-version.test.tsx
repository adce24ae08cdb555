import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../test/render';
import { calledRoutes, stubApi, type StubRoutes, type FetchMock } from '../../test/stub-api';
import { RELOADED_FOR_STORAGE_KEY, useReloadOnNewVersion } from './use-reload-on-new-version';

const CLIENT = 'GET /version.json';
const SERVER = 'GET /api/v1/cashier_v';

function run(routes: StubRoutes) {
  const { fetchMock } = stubApi(routes);
  const reload = vi.fn();
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  renderHook(() => useReloadOnNewVersion(reload), { wrapper });
  return { reload, fetchMock };
}

/** Lets the version file and one server poll be answered. */
async function settle(fetchMock: FetchMock, expectedCalls: number) {
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(expectedCalls));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('useReloadOnNewVersion (docs/product.md section 4)', () => {
  it('reloads when the server reports another build than /version.json', async () => {
    const { reload, fetchMock } = run({
      [CLIENT]: { body: { hash: 'aaa' } },
      [SERVER]: { body: { hash: 'bbb' } },
    });
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(calledRoutes(fetchMock)).toEqual([CLIENT, SERVER]);
  });

  it('does nothing while both hashes are the same', async () => {
    const { reload, fetchMock } = run({
      [CLIENT]: { body: { hash: 'aaa' } },
      [SERVER]: { body: { hash: 'aaa' } },
    });
    await settle(fetchMock, 2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing, and does not poll, when /version.json is missing', async () => {
    const { reload, fetchMock } = run({ [SERVER]: { body: { hash: 'bbb' } } });
    await settle(fetchMock, 1);
    expect(calledRoutes(fetchMock)).toEqual([CLIENT]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing when /version.json is not JSON (a dev server answers with index.html)', async () => {
    const { fetchMock } = stubApi({ [SERVER]: { body: { hash: 'bbb' } } });
    fetchMock.mockImplementationOnce(async () => new Response('<!doctype html>', { status: 200 }));
    const reload = vi.fn();
    const store = makeStore();
    renderHook(() => useReloadOnNewVersion(reload), {
      wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>,
    });
    await settle(fetchMock, 1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing when the server has no hash', async () => {
    const { reload, fetchMock } = run({ [CLIENT]: { body: { hash: 'aaa' } }, [SERVER]: { body: {} } });
    await settle(fetchMock, 2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing when the version call fails', async () => {
    const { reload, fetchMock } = run({ [CLIENT]: { body: { hash: 'aaa' } } });
    await settle(fetchMock, 2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads only once for the same server hash (no reload loop on a mismatched deployment)', async () => {
    sessionStorage.setItem(RELOADED_FOR_STORAGE_KEY, 'bbb');
    const { reload, fetchMock } = run({
      [CLIENT]: { body: { hash: 'aaa' } },
      [SERVER]: { body: { hash: 'bbb' } },
    });
    await settle(fetchMock, 2);
    expect(reload).not.toHaveBeenCalled();
  });
});
