// The routes of docs/product.md section 2, declared with <BrowserRouter> and <Routes>: no loader, action or fetcher
// is used, and without the data router about 16 KB gzip of react-router stays off the login screen.
// Signed-in screens sit inside the app layout (navigation bar) and come in a chunk of their own
// (signed-in.tsx), waited for with `use` under the Suspense boundary in Root; so do the maintenance and
// client download pages, which a terminal opens seldom. The server names the chunk of the
// address's screen in the page it answers (modulepreload: apps/server/src/http/first-screen-preloads.ts),
// so none of them costs a round trip more on a first load. BrowserRouter applies
// navigations in React.startTransition, so a link or navigate() to a signed-in screen whose chunk is still
// on its way keeps the previous screen up until the next one can show (Back and Forward, which React
// renders at once, show the empty fallback meanwhile, as they did with the data router).
import { createElement, Suspense, use, useEffect } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { useAppDispatch } from '../store/hooks';
import { LoginPage } from '../features/auth';
import { homePathFor } from '../lib/home-path';
import { BackOfficeEntry } from '../features/back-office';
import { authApi, useMeQuery } from '../api/auth-api';
import { RequireSession, SessionWatcher } from '../features/session';
import { toastShown } from '../store/toasts-slice';
import { Toaster } from '../components/ui/toaster';

function Root() {
  return (
    <>
      <SessionWatcher />
      {/* Shown only when a screen's chunk is missing on a load or a store update; navigations keep the
          previous screen instead (they are transitions). */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <Toaster />
    </>
  );
}

/**
 * A chunk of screens, fetched once; after a failed fetch (the idle prefetch offline) the next call
 * retries. The promise is marked as React's `use` reads a settled one, so a render after it never suspends.
 */
function chunkOf<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    const chunk = (pending ??= load().then(
      (module) => {
        Object.assign(chunk, { status: 'fulfilled', value: module });
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
    return chunk;
  };
}
const signedIn = chunkOf(() => import('./signed-in'));
const maintenanceScreen = chunkOf(() => import('../features/maintenance'));
const getClientScreen = chunkOf(() => import('../features/get-client'));

/** The screens anyone may open; every other path shows a signed-in screen or goes to one. */
const PUBLIC_PATHS = ['/authorization', '/maintenance-redirect', '/get-client'];

/**
 * Settles when the first screen of this page can render without waiting for a chunk: at once for the
 * sign-in screen, else once the screen's chunk is in (or could not come). main.tsx renders after it: a
 * first render that suspended on the chunk would show the screen only after React's 300 ms reveal
 * throttle, and the session's ask (below) would wait as long (the devices screen's LCP).
 */
export function firstScreenReady(): Promise<void> {
  const { pathname } = window.location;
  const chunk =
    pathname === '/maintenance-redirect'
      ? maintenanceScreen()
      : pathname === '/get-client'
        ? getClientScreen()
        : PUBLIC_PATHS.includes(pathname)
          ? null
          : signedIn();
  if (!chunk) return Promise.resolve();
  return chunk.then(
    () => undefined,
    () => undefined,
  );
}

// The screens of that chunk: `use` of the one cached promise, not a React.lazy each. Once SignedIn has
// waited for the chunk they all render at once, where each lazy would suspend again on its first render;
// outside a navigation (the user query answering) that shows the empty fallback, for React's 300 ms.
function CashierFrame() {
  return createElement(use(signedIn()).CashierFrame);
}
function DevicesPage() {
  return createElement(use(signedIn()).DevicesPage);
}
function DevicePage() {
  return createElement(use(signedIn()).DevicePage);
}
function HistoryRoute() {
  return createElement(use(signedIn()).HistoryRoute);
}
function MaintenancePage() {
  return createElement(use(maintenanceScreen()).MaintenancePage);
}
function GetClientPage() {
  return createElement(use(getClientScreen()).GetClientPage);
}

/** Fetches the signed-in chunk once the page has loaded and the browser is idle, so sign-in is instant. */
function prefetchSignedIn(): void {
  const idle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run) : setTimeout(run, 200);
  const start = () => idle(() => void signedIn().catch(() => undefined));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * The signed-in screens' guard, once their chunk is in (as route `lazy` did): a navigation keeps the
 * previous screen until then, a page opened here shows nothing until then, not a loading line first.
 */
function SignedIn() {
  use(signedIn());
  return (
    <RequireSession>
      <Outlet />
    </RequireSession>
  );
}

/** Any other path: /devices when signed in, else /authorization, with the 'no page' toast unless '/'. */
function UnknownPath() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const me = useMeQuery();
  useEffect(() => {
    if (pathname !== '/') dispatch(toastShown({ id: 'error:noPage', kind: 'error', key: 'common:noPage' }));
  }, [pathname, dispatch]);
  if (me.isLoading) return null;
  return <Navigate to={me.isSuccess ? homePathFor(me.data) : '/authorization'} replace />;
}

export function AppRouter() {
  const dispatch = useAppDispatch();
  useEffect(prefetchSignedIn, []);
  // The session asked for as the app starts, so the answer is (nearly) in when the first screen asks.
  useEffect(() => {
    if (!PUBLIC_PATHS.includes(window.location.pathname))
      void dispatch(authApi.util.prefetch('me', undefined, {}));
  }, [dispatch]);
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Root />}>
          <Route path="/authorization" element={<LoginPage />} />
          <Route path="/maintenance-redirect" element={<MaintenancePage />} />
          <Route path="/get-client" element={<GetClientPage />} />
          <Route element={<SignedIn />}>
            <Route element={<CashierFrame />}>
              <Route path="/devices" element={<DevicesPage />} />
              <Route path="/devices/:deviceId" element={<DevicePage />} />
              <Route path="/history" element={<HistoryRoute />} />
            </Route>
          </Route>
          {/* The admin and manager console, loaded on demand (features/back-office). */}
          <Route
            path="/back-office/*"
            element={
              <RequireSession>
                <BackOfficeEntry />
              </RequireSession>
            }
          />
          <Route path="*" element={<UnknownPath />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
