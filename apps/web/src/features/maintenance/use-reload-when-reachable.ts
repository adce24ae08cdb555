// Reloads the page every `intervalMs`, but only when the server answers for it: a reload while the
// server is down would leave the browser's own error page, which never reloads again.
import { useEffect, useRef } from 'react';

export function reloadPage(): void {
  window.location.reload();
}

/** Whether the server serves this page now. */
export async function pageIsReachable(): Promise<boolean> {
  try {
    const response = await fetch(window.location.href, { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

export function useReloadWhenReachable(
  intervalMs: number,
  reload: () => void = reloadPage,
  isReachable: () => Promise<boolean> = pageIsReachable,
): void {
  // The latest functions, without restarting the interval when a caller passes new ones.
  const latest = useRef({ reload, isReachable });
  useEffect(() => {
    latest.current = { reload, isReachable };
  });

  useEffect(() => {
    let stopped = false;
    const timer = setInterval(() => {
      void latest.current.isReachable().then((reachable) => {
        if (reachable && !stopped) latest.current.reload();
      });
    }, intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [intervalMs]);
}
