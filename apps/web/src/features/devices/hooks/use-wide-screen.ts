// Tablet and wide screens (>= 768 px) show a device in a side panel; smaller ones open its own route.
import { BREAKPOINTS } from '@cashdesk/contract';
import { useSyncExternalStore } from 'react';

const QUERY = `(min-width: ${BREAKPOINTS.tabletMin}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') {
    window.addEventListener('resize', onChange);
    return () => window.removeEventListener('resize', onChange);
  }
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  // jsdom (tests) has no matchMedia: fall back to the window width.
  return typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY).matches
    : window.innerWidth >= BREAKPOINTS.tabletMin;
}

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}
