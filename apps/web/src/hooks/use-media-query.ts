// Whether a CSS media query matches, following changes (window resize, rotation), and the widths the
// screens switch at (docs/product.md section 2).
import { BREAKPOINTS } from '@cashdesk/contract';
import { useCallback, useSyncExternalStore } from 'react';

/** Phones (at most 767 px wide): e.g. the cash amount field is read-only there, filled by the numpad. */
export const NARROW_QUERY = `(max-width: ${BREAKPOINTS.mobileMax}px)`;
/** Tablets and wider (>= 768 px): the devices screen shows a device in a side panel. */
export const WIDE_QUERY = `(min-width: ${BREAKPOINTS.tabletMin}px)`;
/** The navigation bar shows its full menu from this width; below, the menu collapses. */
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

/** A phone-sized screen; false where it cannot be told (jsdom's window is 1024 px wide). */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_QUERY, false);
}

/** A tablet-sized screen or wider; true where it cannot be told (jsdom's window is 1024 px wide). */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_QUERY, true);
}
