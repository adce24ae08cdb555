// The cashier's own choice to hide the float figure (e.g. a customer looking at the screen), kept in
// localStorage `hide_float` so it survives a reload and the next sign-in on this terminal.
import { useCallback, useState } from 'react';

export const HIDE_FLOAT_STORAGE_KEY = 'hide_float';

function readHidden(): boolean {
  try {
    return window.localStorage.getItem(HIDE_FLOAT_STORAGE_KEY) === 'true';
  } catch {
    return false; // storage refused (private mode): the figure is shown
  }
}

export function useHiddenFloat(): [hidden: boolean, toggle: () => void] {
  const [hidden, setHidden] = useState(readHidden);
  const toggle = useCallback(() => {
    setHidden((was) => {
      const next = !was;
      try {
        window.localStorage.setItem(HIDE_FLOAT_STORAGE_KEY, String(next));
      } catch {
        // not remembered, but still hidden on this screen
      }
      return next;
    });
  }, []);
  return [hidden, toggle];
}
