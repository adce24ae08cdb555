// Browser notifications of newly raised alerts while the console is open: opt-in (the manager presses a
// button, the browser asks), remembered in this browser's localStorage, never offered where the
// Notification API is absent. Only alerts that appear after the page has loaded the list notify: the ones
// already open when the console opens are on the screen.
import type { FloorAlert } from '@cashdesk/contract';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

export const NOTIFY_STORAGE_KEY = 'cashdesk.backOffice.notifyAlerts';

export type NotifyState = 'unsupported' | 'off' | 'on' | 'blocked';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const changed = () => listeners.forEach((listener) => listener());

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

function readChoice(): boolean {
  try {
    return localStorage.getItem(NOTIFY_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

function writeChoice(on: boolean): void {
  try {
    if (on) localStorage.setItem(NOTIFY_STORAGE_KEY, 'on');
    else localStorage.removeItem(NOTIFY_STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice lasts as long as the page.
  }
  changed();
}

/** Where notifications stand in this browser: opted in and granted, not chosen, refused by the browser. */
export function notifyState(): NotifyState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return readChoice() && Notification.permission === 'granted' ? 'on' : 'off';
}

/** The state and the two choices: turning on asks the browser's permission first. */
export function useNotifyChoice(): { state: NotifyState; turnOn: () => Promise<void>; turnOff: () => void } {
  const state = useSyncExternalStore(subscribe, notifyState, () => 'unsupported' as const);
  const turnOn = useCallback(async () => {
    if (!supported()) return;
    const permission = await Notification.requestPermission();
    writeChoice(permission === 'granted');
  }, []);
  const turnOff = useCallback(() => writeChoice(false), []);
  return { state, turnOn, turnOff };
}

/**
 * Shows a notification for each alert that was not in the list before (by id), while notifications are
 * on. `alerts` undefined: not loaded yet. `text` turns an alert into its title and body.
 */
export function useAlertNotifications(
  alerts: readonly FloorAlert[] | undefined,
  text: (alert: FloorAlert) => { title: string; body: string },
): void {
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (alerts === undefined) return;
    const before = seen.current;
    seen.current = new Set(alerts.map((a) => a.id));
    if (before === null || notifyState() !== 'on') return;
    for (const alert of alerts) {
      if (before.has(alert.id) || alert.acked !== null) continue;
      const { title, body } = text(alert);
      try {
        const notification = new Notification(title, { body, tag: `cashdesk-alert-${alert.id}` });
        // A click brings the console's tab forward, where the alert is listed.
        notification.onclick = () => window.focus();
      } catch {
        // Some mobile browsers allow notifications only from a service worker: the screen shows it anyway.
      }
    }
  }, [alerts, text]);
}
