// Phones (at most 767 px wide): the amount field is read-only there and filled by the numpad, so the
// system keyboard never covers the modal.
import { BREAKPOINTS } from '@cashdesk/contract';
import { useSyncExternalStore } from 'react';

const QUERY = `(max-width: ${BREAKPOINTS.mobileMax}px)`;

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
    : window.innerWidth <= BREAKPOINTS.mobileMax;
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
