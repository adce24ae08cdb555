// Holds the venue's live stream (GET /a/manager/account/:id/events, docs/live-updates.md) while the
// console shows that venue, and refetches the overview, the alerts and the waiting approvals on each
// message that may have moved them: the hello (whatever changed while no stream was open) and every
// change (a float move, a cash move, a device linked or renamed, an alert, an approval) but game play
// alone. The screens poll slowly beside it, faster while the stream is absent.
import { API_BASE, POLL_INTERVAL_MS, POLL_WITH_PUSH_MS, type LiveChange } from '@cashdesk/contract';
import { createContext, useContext, useEffect, useState } from 'react';
import { useAppDispatch } from '../../../store/hooks';
import { FLOOR_TAGS, floorApi } from './floor-api';

/** Poll of the overview while the stream is open: what no change tells of (a shift opened, an approval). */
export const FLOOR_POLL_WITH_PUSH_MS = POLL_WITH_PUSH_MS;
/** Poll while the stream is absent (no EventSource, a proxy that drops it, a server restart). */
export const FLOOR_POLL_MS = 2 * POLL_INTERVAL_MS;

export const floorEventsUrl = (accountId: number) => `${API_BASE}/a/manager/account/${accountId}/events`;

/** Whether the venue's stream is open now; `accountId` null: no venue shown, nothing opened. */
export function useFloorLive(accountId: number | null): boolean {
  const dispatch = useAppDispatch();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (accountId === null || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const refetch = () =>
      dispatch(floorApi.util.invalidateTags([...FLOOR_TAGS, { type: 'BoAccount', id: accountId }]));

    const open = () => {
      source = new EventSource(floorEventsUrl(accountId), { withCredentials: true });
      source.addEventListener('hello', () => {
        setConnected(true);
        refetch();
      });
      source.addEventListener('change', (event) => {
        if (floorMayHaveChanged((event as MessageEvent<string>).data)) refetch();
      });
      source.addEventListener('error', () => {
        setConnected(false);
        // A refused stream (403, 429, a proxy's 502) is not retried by the browser: try again later.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          reopen = setTimeout(open, FLOOR_POLL_MS);
        }
      });
    };

    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
      setConnected(false);
    };
  }, [accountId, dispatch]);

  return connected;
}

/**
 * Whether a change may have moved what the floor shows. Game play alone (every device named is `played`,
 * nothing else said) cannot: the overview's cash figures and cashiers' totals are cash moves, its device
 * counts and silent list are links, statuses, names and reports (a silent device that plays again has its
 * alert cleared by the checks' next round, told as `alerts`; without an alert it leaves the list at the
 * next poll), the account is the float and settings, and approvals are told as such. A message it
 * cannot read may have moved anything.
 */
export function floorMayHaveChanged(data: string): boolean {
  try {
    const change = JSON.parse(data) as Partial<LiveChange>;
    if (change.float !== false || change.alerts === true || change.approvals === true) return true;
    const { devices, played } = change;
    if (!Array.isArray(devices) || !Array.isArray(played) || devices.length === 0) return true;
    return devices.some((id) => !played.includes(id));
  } catch {
    return true;
  }
}

/** The venue the console shows and whether its stream is open, for the pages under the layout. */
export interface FloorLive {
  accountId: number | null;
  connected: boolean;
}

export const FloorLiveContext = createContext<FloorLive>({ accountId: null, connected: false });

/** How often a floor query polls: slowly beside the stream, a little faster without it. */
export function useFloorPollInterval(): number {
  return useContext(FloorLiveContext).connected ? FLOOR_POLL_WITH_PUSH_MS : FLOOR_POLL_MS;
}
