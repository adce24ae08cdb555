// The cashier's 'print receipt' choice, remembered on this terminal across modals and reloads.
import { useCallback, useState } from 'react';

export const PRINT_RECEIPT_STORAGE_KEY = 'cash.printReceipt';

export function readPrintPreference(): boolean {
  try {
    return window.localStorage.getItem(PRINT_RECEIPT_STORAGE_KEY) === '1';
  } catch {
    return false; // storage blocked: default to not printing
  }
}

export function writePrintPreference(print: boolean): void {
  try {
    window.localStorage.setItem(PRINT_RECEIPT_STORAGE_KEY, print ? '1' : '0');
  } catch {
    // storage blocked: the choice lasts for this modal only
  }
}

export function usePrintPreference(): [boolean, (print: boolean) => void] {
  const [print, setPrint] = useState(readPrintPreference);
  const update = useCallback((next: boolean) => {
    setPrint(next);
    writePrintPreference(next);
  }, []);
  return [print, update];
}
