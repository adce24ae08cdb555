// Holds the live-updates stream (GET /api/v1/a/cashier/events, docs/live-updates.md) while a cashier's
// screen is open, and turns its messages into refetches of what changed, or, for game play alone, into the
// device list's new payments without a refetch. Push is a shortcut, never the only path: whenever the
// stream is not open (no EventSource, a proxy that drops it, a locked till, a server restart) the screens
// poll every 5 s as docs/product.md section 7 says.
import { API_BASE, POLL_INTERVAL_MS, type DevicePayment, type LiveChange } from '@cashdesk/contract';
import { useEffect } from 'react';
import type { TagDescription } from '@reduxjs/toolkit/query';
import { baseApi, type Tag } from '../../api/base-api';
import { useAppDispatch, type AppThunk } from '../../store/hooks';
import { approvalsChanged, liveConnected, liveDisconnected } from './live-updates-slice';

export const LIVE_EVENTS_URL = `${API_BASE}/a/cashier/events`;

/** What a hello makes stale (whatever may have changed while no stream was open), one group per task. */
const CATCH_UP: readonly (readonly Tag[])[] = [['Float'], ['Devices', 'Device'], ['Me'], ['Version']];

/** Runs `steps` one per task, in order; the answer cancels those not run yet. */
function inTurns(steps: readonly (() => void)[]): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (index: number) => {
    timer = setTimeout(() => {
      steps[index]?.();
      if (index + 1 < steps.length) run(index + 1);
    });
  };
  run(0);
  return () => clearTimeout(timer);
}

/**
 * Puts a message's payments into the device list's rows (the devices feature's, handed in by the frame:
 * that feature uses this one, so this one cannot import it).
 */
export type PatchPayments = (payments: readonly DevicePayment[]) => AppThunk<unknown>;

export function useLiveUpdates(patchPayments: PatchPayments): void {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let catchUp = () => {};

    const open = () => {
      source = new EventSource(LIVE_EVENTS_URL, { withCredentials: true });
      /** Whether this stream said hello: only a stream that was open can end with its session. */
      let said = false;
      // Every hello (the first, or after a reconnect) may follow missed changes or a new server build.
      source.addEventListener('hello', () => {
        said = true;
        dispatch(liveConnected());
        // 'Me' too: the cashier's restrictions may have changed while the stream was down. Each group in a
        // task of its own: the slower polls re-render every polled screen, each refetch starts a call, and
        // all in one go were one long task while the first screen settles.
        catchUp = inTurns(CATCH_UP.map((tags) => () => dispatch(baseApi.util.invalidateTags([...tags]))));
      });
      source.addEventListener('change', (event) => {
        const change = readChange((event as MessageEvent<string>).data);
        if (!change) return;
        if (change.payments) dispatch(patchPayments(change.payments));
        dispatch(baseApi.util.invalidateTags(changeTags(change)));
        // Only a change of the approvals makes a payout waiting for a manager ask again at once: a
        // device's game play (every second, a cabinet) must not (features/cash/unconfirmed).
        if (change.approvals === true && change.devices.length > 0) {
          dispatch(approvalsChanged(change.devices));
        }
      });
      source.addEventListener('error', () => {
        dispatch(liveDisconnected());
        // The server ends a stream when its session ends (sign-out, expiry, a lock in another tab): ask at
        // once, so the 401 or 423 of that call takes this screen to the login or the lock screen. A stream
        // refused before its hello (a proxy that drops it) leaves that to the 5 s polls, which a second
        // float call at every retry would only double.
        if (said) dispatch(baseApi.util.invalidateTags(['Float']));
        said = false;
        // A refused stream (401, 423) is not retried by the browser: try again after one poll period.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          reopen = setTimeout(open, POLL_INTERVAL_MS);
        }
      });
    };

    open();
    return () => {
      clearTimeout(reopen);
      catchUp();
      source?.close();
      dispatch(liveDisconnected());
    };
  }, [dispatch, patchPayments]);
}

/**
 * What a change makes stale: the float; each named device's detail (and what is tagged with it: a place's
 * operations, a phone's game report); and the venue's device list with its daily totals, once, whatever the
 * number of devices named: its rows carry every device's players, payment and 24-hour figures, and a device
 * linked at another till is not in it yet. One list call for the whole message, never one per device; none
 * when every device named only played (`played`): game play moves no row's figure but its payment, which
 * the message carries (`payments`, put into the rows by `useLiveUpdates`), and no daily total. `me`: the
 * cashier's restrictions changed, so `/a/me` (what the screens read them from, use-restrictions.ts) is
 * asked again.
 */
export function changeTags({ float, devices, played, me }: LiveChange): TagDescription<Tag>[] {
  const listStale = devices.some((id) => !played?.includes(id));
  return [
    ...(me === true ? (['Me'] as const) : []),
    ...(float ? (['Float'] as const) : []),
    ...(listStale ? (['Devices'] as const) : []),
    ...devices.map((id) => ({ type: 'Device' as const, id })),
  ];
}

/** The contract's LiveChange, checked by hand: the zod schema would bring zod into the web bundle. */
export function readChange(text: string): LiveChange | null {
  try {
    const value = JSON.parse(text) as Partial<LiveChange> | null;
    if (typeof value?.float !== 'boolean' || !areIds(value.devices)) return null;
    // A `played` it cannot read is left out (the message then refetches as any other), and so are
    // payments unless each is a safe integer (an id that names no row of the list changes nothing).
    const { played, payments } = value;
    const paid = Array.isArray(payments) && areIds(payments.map((p) => p?.payment));
    return {
      float: value.float,
      devices: value.devices,
      ...(areIds(played) && { played }),
      ...(paid && { payments }),
      ...(value.me === true && { me: true }),
      ...(value.approvals === true && { approvals: true }),
    };
  } catch {
    return null;
  }
}

/** Safe integers, as the contract's ids and cents are. */
function areIds(value: unknown): value is number[] {
  return Array.isArray(value) && value.every(Number.isSafeInteger);
}
