// Whether a CSS media query matches, following changes (window resize, rotation).
import { BREAKPOINTS } from '@cashdesk/contract';
import { useCallback, useSyncExternalStore } from 'react';

/** The navigation bar shows its full menu from this width; below, the menu collapses (spec section 2). */
export const DESKTOP_QUERY = `(min-width: ${BREAKPOINTS.desktopMin}px)`;

/** `fallback` answers where matchMedia does not exist (server render, jsdom). */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback);
  return useSyncExternalStore(subscribe, read, () => fallback);
}
