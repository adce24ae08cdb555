// The frame of every signed-in screen: the navigation bar over the routed screen (<Outlet/>). It also
// keeps the float polled, holds the live-updates stream, settles unconfirmed cash operations (and lists
// them above the screen), and reloads the page when the account's block flags or the build change.
import { useEffect, useRef } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { Outlet } from 'react-router';
import { apiFailure } from '../../api/api-error';
import { errorToast } from '../../api/error-toast';
import { useAppDispatch } from '../../store/hooks';
import { useMe } from '../../api/auth-api';
import {
  accountBlock,
  BlockBanner,
  floatVisibility,
  useFloatQuery,
  usePolledFloat,
  useReloadOnBlockChange,
} from '../float';
import { SupportWidget } from '../support';
import { toastShown } from '../../store/toasts-slice';
import { UnconfirmedOperations } from '../cash';
import { NavBar } from './nav-bar';
import { useResetApiOnSignedOutExit } from '../session';
import { useReloadOnNewVersion } from './use-reload-on-new-version';
import { useLiveUpdates } from '../live-updates';
import { patchDeviceRows } from '../devices';
import './app-layout.css';

export function AppLayout() {
  const user = useMe();
  const float = usePolledFloat();
  useReloadOnBlockChange(float);
  useReloadOnNewVersion();
  useLiveUpdates(patchDeviceRows);
  useResetApiOnSignedOutExit();

  return (
    <div className="app-layout">
      {/* Support sits in the bar, never floating over the screens' buttons. */}
      <NavBar user={user} floatView={floatVisibility(user, float)} support={<SupportWidget user={user} />} />
      <FloatErrorToast />
      <BlockBanner block={accountBlock(float)} />
      <main className="app-layout__main">
        <UnconfirmedOperations cashierId={user?.id} />
        <Outlet />
      </main>
    </div>
  );
}

/**
 * A failing float poll shows its toast once, not every 5 s: again only after a success or a different
 * failure. A 401 is left to the session watcher. A component of its own, so each poll's answer
 * re-renders this and not the frame.
 */
function FloatErrorToast() {
  const { error, fulfilledTimeStamp } = useFloatQuery(undefined, {
    selectFromResult: ({ error, fulfilledTimeStamp }) => ({ error, fulfilledTimeStamp }),
  });
  useFloatErrorToast(error, fulfilledTimeStamp);
  return null;
}

function useFloatErrorToast(
  error: FetchBaseQueryError | SerializedError | undefined,
  lastSuccessAt: number | undefined,
) {
  const dispatch = useAppDispatch();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    shown.current = null;
  }, [lastSuccessAt]);
  useEffect(() => {
    if (!error) return;
    const failure = apiFailure(error);
    if (failure.status === 401) return;
    const toast = errorToast(failure);
    if (shown.current === toast.id) return;
    shown.current = toast.id;
    dispatch(toastShown(toast));
  }, [error, dispatch]);
}
