// The 300 ms double-click guard of the confirm steps (docs/product.md section 5). A click is ignored when it comes
// within DOUBLE_CLICK_GUARD_MS of the previous one, or of the step appearing: the second click of a
// double click on Deposit would otherwise land on the Yes that took its place.
import { DOUBLE_CLICK_GUARD_MS } from '@cashdesk/contract';
import { useCallback, useEffect, useRef } from 'react';

export function useClickGuard(guard_ms: number = DOUBLE_CLICK_GUARD_MS) {
  const last = useRef(Number.POSITIVE_INFINITY);
  useEffect(() => {
    last.current = Date.now();
  }, []);
  return useCallback(
    (action: () => void) => () => {
      const now = Date.now();
      if (now - last.current < guard_ms) return;
      last.current = now;
      action();
    },
    [guard_ms],
  );
}

/** Keeps a held key from confirming: only the first keydown of a press may activate a button. */
export function ignoreKeyRepeat(event: { repeat: boolean; preventDefault(): void }): void {
  if (event.repeat) event.preventDefault();
}
