// What the shift gate tells the screens inside it: whether the venue uses shifts, and how to start the
// blind close and open the till (the navigation bar's and the mobile menu's Close shift and Till entries).
import { createContext, useContext } from 'react';

export interface ShiftActions {
  usesShifts: boolean;
  startClose: () => void;
  openTill: () => void;
}

export const ShiftContext = createContext<ShiftActions>({
  usesShifts: false,
  startClose: () => undefined,
  openTill: () => undefined,
});

export function useShiftActions(): ShiftActions {
  return useContext(ShiftContext);
}
