// The routes of spec section 2. Signed-in screens sit inside the app layout (navigation bar) and come in a
// chunk of their own (signed-in.tsx), loaded by route `lazy` before they render (no fallback flashes).
import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { useAppDispatch } from './hooks';
import { LoginPage } from '../features/auth/login-page';
import { homePathFor } from '../features/back-office/back-office-access';
import { BackOfficeEntry } from '../features/back-office/back-office-entry';
import { useMeQuery } from '../features/auth/api/auth-api';
import { GetClientPage } from '../features/get-client/get-client-page';
import { MaintenancePage } from '../features/maintenance/maintenance-page';
import { RequireSession } from '../features/session/require-session';
import { SessionWatcher } from '../features/session/session-watcher';
import { toastShown } from '../features/toasts/toasts-slice';
import { Toaster } from '../features/toasts/toaster';

function Root() {
  return (
    <>
      <SessionWatcher />
      <Outlet />
      <Toaster />
    </>
  );
}

const signedIn = () => import('./signed-in');

/** Fetches the signed-in chunk once the page has loaded and the browser is idle, so sign-in is instant. */
function prefetchSignedIn(): void {
  const idle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run) : setTimeout(run, 200);
  const start = () => idle(() => void signedIn().catch(() => undefined));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
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

export function createAppRouter() {
  prefetchSignedIn();
  return createBrowserRouter([
    {
      element: <Root />,
      // The first render waits for a lazy route's chunk; there is nothing to show until then.
      HydrateFallback: () => null,
      children: [
        { path: '/authorization', element: <LoginPage /> },
        { path: '/maintenance-redirect', element: <MaintenancePage /> },
        { path: '/get-client', element: <GetClientPage /> },
        {
          element: (
            <RequireSession>
              <Outlet />
            </RequireSession>
          ),
          children: [
            {
              lazy: async () => ({ Component: (await signedIn()).CashierFrame }),
              children: [
                { path: '/devices', lazy: async () => ({ Component: (await signedIn()).DevicesPage }) },
                {
                  path: '/devices/:deviceId',
                  lazy: async () => ({ Component: (await signedIn()).DevicePage }),
                },
                { path: '/history', lazy: async () => ({ Component: (await signedIn()).HistoryRoute }) },
              ],
            },
          ],
        },
        {
          // The admin and manager console, loaded on demand (features/back-office).
          path: '/back-office/*',
          element: (
            <RequireSession>
              <BackOfficeEntry />
            </RequireSession>
          ),
        },
        { path: '*', element: <UnknownPath /> },
      ],
    },
  ]);
}
