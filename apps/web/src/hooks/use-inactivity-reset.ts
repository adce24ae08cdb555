// docs/product.md section 4: after INACTIVITY_RESET_MS without pointer, keyboard or touch activity the devices screen
// resets (selection and PIN cleared, modals closed), so a terminal left alone shows no player's data; the
// till lock counts its idle time the same way.
import { INACTIVITY_RESET_MS } from '@cashdesk/contract';
import { useEffect, useRef } from 'react';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;

export function useInactivityReset(onReset: () => void, timeoutMs: number = INACTIVITY_RESET_MS): void {
  // The latest callback, without restarting the timer each render.
  const onResetRef = useRef(onReset);
  useEffect(() => {
    onResetRef.current = onReset;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => onResetRef.current(), timeoutMs);
    };
    restart();
    // Capture phase: a handler that stops propagation (a modal's Escape) still counts as activity.
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, restart, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart, { capture: true });
    };
  }, [timeoutMs]);
}
