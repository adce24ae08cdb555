// The routes of spec section 2. Signed-in screens sit inside the app layout (navigation bar).
import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { useAppDispatch } from './hooks';
import { LoginPage } from '../features/auth/login-page';
import { useMeQuery } from '../features/auth/api/auth-api';
import { DevicePage } from '../features/devices/device-page';
import { DevicesPage } from '../features/devices/devices-page';
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
  return <Navigate to={me.isSuccess ? '/devices' : '/authorization'} replace />;
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <Root />,
      children: [
        { path: '/authorization', element: <LoginPage /> },
        {
          element: (
            <RequireSession>
              <AppLayout />
            </RequireSession>
          ),
          children: [
            { path: '/devices', element: <DevicesPage /> },
            { path: '/devices/:deviceId', element: <DevicePage /> },
            { path: '/history', element: <HistoryRoute /> },
          ],
        },
        { path: '*', element: <UnknownPath /> },
      ],
    },
  ]);
}
