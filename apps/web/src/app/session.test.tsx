// How the app boots without a session, and how a session that ends is told: a visitor who was never
// signed in is not told 'Your session has expired' (a clean login at / and /authorization, 'You need to
// log in first' for a signed-in screen), while a session that ends in use gets 'cookie expired'.
import type { User } from '@cashdesk/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRouter } from './router';
import { makeStore, renderWithProviders } from '../test/render';
import i18n from '../i18n/i18n';
import { stubApi, type StubRoutes } from '../test/stub-api';
import { floatApi, useFloatQuery } from '../features/float';
import { Toaster } from '../components/ui/toaster';
import { RequireSession, SessionWatcher } from '../features/session';
import { makeDemoCashier } from '../test/fixtures';

const EXPIRED = 'Your session has expired. Please log in again.';
const UNAUTHORIZED = 'You need to log in first';
const BLOCKED = 'You have been blocked and signed out. Ask your manager.';
const NOT_SIGNED_IN: StubRoutes = { 'GET /api/v1/a/me': { status: 401, body: { err: 'unauthorized' } } };

const cashier: User = makeDemoCashier();

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** The whole app, opened at `path` as a browser would (address bar or bookmark). */
async function openApp(path: string, routes: StubRoutes = NOT_SIGNED_IN) {
  const { fetchMock } = stubApi(routes);
  window.history.replaceState(null, '', path);
  const store = makeStore();
  // Inside one act with the signed-in screens' chunk: React retries a route suspended on it once it is in.
  await act(async () => {
    render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <AppRouter />
        </I18nextProvider>
      </Provider>,
    );
    await import('./signed-in');
  });
  return { store, fetchMock };
}

// A first visit to a signed-in screen also loads its chunk and asks /a/me: give it time.
const loginHeading = () =>
  screen.findByRole('heading', { name: 'Authorization', level: 1 }, { timeout: 5_000 });
/** Lets the user query's answer and anything it starts settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('first visit, no cookie', () => {
  it('at / shows a clean login: no toast at all', async () => {
    const { store } = await openApp('/');
    await loginHeading();
    await waitFor(() => expect(store.getState().session.isSignOut).toBe(true));
    await settle();
    expect(window.location.pathname).toBe('/authorization');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.getState().toasts.queue).toEqual([]);
  });

  it('at /authorization shows a clean login', async () => {
    const { store, fetchMock } = await openApp('/authorization');
    await loginHeading();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(store.getState().session.isSignOut).toBe(true));
    await settle();
    expect(store.getState().toasts.queue).toEqual([]);
  });

  it("at /devices lands on /authorization with 'You need to log in first', not 'session expired'", async () => {
    const { store } = await openApp('/devices');
    await loginHeading();
    expect(window.location.pathname).toBe('/authorization');
    expect((await screen.findByRole('alert')).textContent).toContain(UNAUTHORIZED);
    await settle();
    expect(store.getState().toasts.queue.map((t) => t.key)).not.toContain('errors:cookieExpired');
    expect(screen.queryByText(EXPIRED)).toBeNull();
  });

  it("at an unknown path says only 'page does not exist'", async () => {
    const { store } = await openApp('/no-such-page');
    await loginHeading();
    await settle();
    expect(store.getState().toasts.queue.map((t) => t.key)).toEqual(['common:noPage']);
  });
});

/** A signed-in screen that polls the float, as the navigation bar does. */
function FloatProbe() {
  const float = useFloatQuery();
  return <p>{float.data ? 'float shown' : 'no float'}</p>;
}

/** The signed-in screen above; its session ended by `ending` (a 401 or 403) at the next float call. */
async function endSessionInUse(ending: { status: number; body: { err: string } }) {
  let ended = false;
  stubApi({
    'GET /api/v1/a/me': () => (ended ? ending : { body: cashier }),
    'GET /api/v1/a/cashier/account_balance': () => (ended ? ending : { body: { balance: 1 } }),
  });
  const { store } = renderWithProviders(
    <>
      <SessionWatcher />
      <Routes>
        <Route path="/authorization" element={<p>login screen</p>} />
        <Route
          path="/devices"
          element={
            <RequireSession>
              <FloatProbe />
            </RequireSession>
          }
        />
      </Routes>
      <Toaster />
    </>,
    { route: '/devices' },
  );
  await screen.findByText('float shown');
  expect(store.getState().session.active).toBe(true);
  ended = true;
  await act(async () => {
    await store.dispatch(floatApi.endpoints.float.initiate(undefined, { forceRefetch: true }));
  });
  expect(await screen.findByText('login screen')).toBeTruthy();
  return store;
}

describe('a session that ends while in use', () => {
  it('tells a user blocked meanwhile that they are blocked, not that the session expired', async () => {
    const store = await endSessionInUse({ status: 403, body: { err: 'user blocked' } });
    expect((await screen.findByRole('alert')).textContent).toContain(BLOCKED);
    expect(screen.queryByText(EXPIRED)).toBeNull();
    expect(store.getState().session).toMatchObject({ active: false, isSignOut: true, expiredCount: 1 });
    expect(store.getState().toasts.queue.map((t) => t.key)).toEqual(['errors:sessionBlocked']);
  });

  it('tells a page opened by a user blocked meanwhile that they are blocked', async () => {
    const { store } = await openApp('/devices', {
      'GET /api/v1/a/me': { status: 403, body: { err: 'user blocked' } },
    });
    await loginHeading();
    expect((await screen.findByRole('alert')).textContent).toContain(BLOCKED);
    await settle();
    expect(store.getState().toasts.queue.map((t) => t.key)).toEqual(['errors:sessionBlocked']);
  });

  it("shows 'cookie expired' once and goes to /authorization", async () => {
    let floatStatus = 200;
    const unauthorized = { status: 401, body: { err: 'unauthorized' } };
    stubApi({
      'GET /api/v1/a/me': () => (floatStatus === 200 ? { body: cashier } : unauthorized),
      'GET /api/v1/a/cashier/account_balance': () =>
        floatStatus === 200 ? { body: { balance: 1 } } : unauthorized,
    });
    const { store } = renderWithProviders(
      <>
        <SessionWatcher />
        <Routes>
          <Route path="/authorization" element={<p>login screen</p>} />
          <Route
            path="/devices"
            element={
              <RequireSession>
                <FloatProbe />
              </RequireSession>
            }
          />
        </Routes>
        <Toaster />
      </>,
      { route: '/devices' },
    );
    await screen.findByText('float shown');
    expect(store.getState().session.active).toBe(true);

    floatStatus = 401;
    await act(async () => {
      await store.dispatch(floatApi.endpoints.float.initiate(undefined, { forceRefetch: true }));
    });
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(EXPIRED);
    expect(store.getState().session).toMatchObject({ active: false, isSignOut: true, expiredCount: 1 });
    expect(store.getState().toasts.queue.map((t) => t.key)).toEqual(['errors:cookieExpired']);
  });
});
