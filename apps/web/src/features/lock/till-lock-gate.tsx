// Wraps the signed-in screens: while this session's till is locked (on the server, so also after a
// reload or in another tab) only the lock screen is rendered, so no screen shows or asks for the venue's
// data. While open, it locks the till after the configured time without activity.
import type { ReactNode } from 'react';
import { deferredPart } from '../../components/ui/deferred-part';
import { isFirstLoad } from '../../api/base-api';
import { PageLoading } from '../../components/ui/page-loading';
import { useInactivityReset } from '../../hooks/use-inactivity-reset';
import { useLockStateQuery } from './api/lock-api';
import { useLockTill } from './use-lock-till';

// A chunk of its own, out of the devices screen's first load: only a locked till shows it, and
// until it is in nothing shows (never the screens behind it).
const LockScreen = deferredPart<object>(() => import('./lock-screen').then((module) => module.LockScreen));

export function TillLockGate({ children }: { children: ReactNode }) {
  const state = useLockStateQuery(undefined, {
    selectFromResult: (result) => ({ isLoading: isFirstLoad(result), data: result.data }),
  });
  if (state.isLoading) return <PageLoading />;
  if (state.data?.locked) return <LockScreen />;
  // When the state cannot be read the screens still open: the server refuses their data while locked,
  // and that 423 asks for the state again.
  const autoLockAfterMs = state.data?.auto_lock_after_ms ?? null;
  return (
    <>
      {autoLockAfterMs !== null && <AutoLock afterMs={autoLockAfterMs} />}
      {children}
    </>
  );
}

/** Locks the till after `afterMs` without a key press, touch or pointer move. */
function AutoLock({ afterMs }: { afterMs: number }) {
  const { lock } = useLockTill();
  useInactivityReset(() => void lock(), afterMs);
  return null;
}
