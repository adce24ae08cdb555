// Toasts: one shown at a time, de-duplicated by id (a toast already queued or showing is not added
// again), each closed after TOAST_AUTO_CLOSE_MS by the <Toaster>. A message a person must read (a
// refused amount, a weak password) is sticky: it stays, above the passing one, until they close it.
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  /** Same id = same toast: a second one is dropped while the first is queued or showing. */
  id: string;
  kind: ToastKind;
  /**
   * An i18n key (namespace:key) and its values. Always a catalogue text: a server's own words
   * ('wrong pin') never reach a toast (api/error-texts.ts).
   */
  key: string;
  params?: Record<string, string | number>;
  /** Stays until closed: the figures or rules it names must be read, not glimpsed for 1.5 s. */
  sticky?: boolean;
}

export interface ToastsState {
  queue: Toast[];
}

const initialState: ToastsState = { queue: [] };

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown(state, action: PayloadAction<Toast>) {
      if (!state.queue.some((t) => t.id === action.payload.id)) state.queue.push(action.payload);
    },
    toastClosed(state, action: PayloadAction<string>) {
      state.queue = state.queue.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastShown, toastClosed } = toastsSlice.actions;

type WithToasts = { toasts: ToastsState };

/** The passing toast shown now: the first in the queue that is not sticky. */
export const selectCurrentToast = (state: WithToasts): Toast | undefined =>
  state.toasts.queue.find((t) => !t.sticky);

/** The sticky toasts, all shown until closed (a new array only when the queue changed). */
export const selectStickyToasts = createSelector([(state: WithToasts) => state.toasts.queue], (queue) =>
  queue.filter((t) => t.sticky),
);
