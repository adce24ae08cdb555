// The routes of spec section 2. Signed-in screens sit inside the app layout (navigation bar).
import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { useAppDispatch } from './hooks';
import { LoginPage } from '../features/auth/login-page';
import { homePathFor } from '../features/back-office/back-office-access';
import { BackOfficeEntry, CashierOnly } from '../features/back-office/back-office-entry';
import { useMeQuery } from '../features/auth/api/auth-api';
import { DevicePage } from '../features/devices/device-page';
import { DevicesPage } from '../features/devices/devices-page';
import { GetClientPage } from '../features/get-client/get-client-page';
import { TillLockGate } from '../features/lock/till-lock-gate';
import { MaintenancePage } from '../features/maintenance/maintenance-page';
import { HistoryRoute } from '../features/history/history-route';
import { AppLayout } from '../features/navigation/app-layout';
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
  return createBrowserRouter([
    {
      element: <Root />,
      children: [
        { path: '/authorization', element: <LoginPage /> },
        { path: '/maintenance-redirect', element: <MaintenancePage /> },
        { path: '/get-client', element: <GetClientPage /> },
        {
          element: (
            <RequireSession>
              <CashierOnly>
                <TillLockGate>
                  <AppLayout />
                </TillLockGate>
              </CashierOnly>
            </RequireSession>
          ),
          children: [
            { path: '/devices', element: <DevicesPage /> },
            { path: '/devices/:deviceId', element: <DevicePage /> },
            { path: '/history', element: <HistoryRoute /> },
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
