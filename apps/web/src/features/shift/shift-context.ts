// What the shift gate tells the screens inside it: whether the venue uses shifts, and how to start the
// blind close (the navigation bar's and the mobile menu's Close shift entry).
import { createContext, useContext } from 'react';

export interface ShiftActions {
  usesShifts: boolean;
  startClose: () => void;
}

export const ShiftContext = createContext<ShiftActions>({ usesShifts: false, startClose: () => undefined });

export function useShiftActions(): ShiftActions {
  return useContext(ShiftContext);
}
