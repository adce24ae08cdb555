// Keeps the signed-in cashier's unconfirmed cash operations moving while the signed-in frame is open (so
// only while signed in and the till is open): loads them (and the outcomes of payouts held for a manager)
// from storage, follows other tabs' changes,
// sends each again on its schedule (resend-schedule.ts), at once when the connection comes back, and a
// payout held for a manager at once when a live change of the approvals names its device (never on the
// device's other changes: a cabinet's game play is pushed every second).
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { resendDueAt } from './resend-schedule';
import { resendAllUnconfirmed, resendUnconfirmed, resendWaitingOn } from './resend-unconfirmed';
import { outcomesKey, readOutcomes } from './held-outcomes-storage';
import { unconfirmedLoaded } from './unconfirmed-slice';
import { readOperations, storageKey, thisTab } from './unconfirmed-storage';

export function useUnconfirmedResend(cashierId: number | undefined): void {
  const dispatch = useAppDispatch();
  const operations = useAppSelector((s) => s.unconfirmed.operations);
  const sending = useAppSelector((s) => s.unconfirmed.sending);
  const liveConnected = useAppSelector((s) => s.liveUpdates.connected);
  const lastApprovals = useAppSelector((s) => s.liveUpdates.lastApprovals);

  useEffect(() => {
    if (cashierId === undefined) return;
    const load = () =>
      dispatch(
        unconfirmedLoaded({
          cashierId,
          operations: readOperations(cashierId),
          outcomes: readOutcomes(cashierId),
        }),
      );
    load();
    // Another tab of this terminal recorded or settled one: this tab blocks and frees the same places
    // (and shows or drops the same outcomes).
    const onStorage = (event: StorageEvent) => {
      const { key } = event;
      if (key === null || key === storageKey(cashierId) || key === outcomesKey(cashierId)) load();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [cashierId, dispatch]);

  // One timer, for the operation due first; any change (an attempt started or ended) sets it again.
  useEffect(() => {
    const waiting = operations.filter((op) => !sending.includes(op.trx));
    // Without one, this tab's id is not read (unconfirmed-storage.ts reads it on first use).
    if (waiting.length === 0) return;
    const here = thisTab();
    const due = waiting.map((op) => ({ trx: op.trx, at: resendDueAt(op, here, liveConnected) }));
    const first = Math.min(...due.map((d) => d.at));
    const timer = setTimeout(
      () => {
        const now = Date.now();
        for (const { trx, at } of due) if (at <= now) void dispatch(resendUnconfirmed(trx));
      },
      Math.max(0, first - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [operations, sending, liveConnected, dispatch]);

  useEffect(() => {
    const online = () => dispatch(resendAllUnconfirmed());
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [dispatch]);

  // The live-updates stream reopening means the server answers again.
  const wasConnected = useRef(liveConnected);
  useEffect(() => {
    if (liveConnected && !wasConnected.current) dispatch(resendAllUnconfirmed());
    wasConnected.current = liveConnected;
  }, [liveConnected, dispatch]);

  // A manager's decision on a held-back payout is pushed as a change of the approvals naming its device.
  useEffect(() => {
    if (lastApprovals) dispatch(resendWaitingOn(lastApprovals.devices));
  }, [lastApprovals, dispatch]);
}
