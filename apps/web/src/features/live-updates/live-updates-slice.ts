// Whether this terminal holds the server's live-updates stream right now (polls slow down while it does),
// and the devices the last change named (a held-back payout on one of them may have been decided).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface LiveUpdatesState {
  connected: boolean;
  /** The devices of the last change heard; `seq` counts changes, so the same devices twice still differ. */
  lastChange: { seq: number; devices: readonly number[] } | null;
}

const initialState: LiveUpdatesState = { connected: false, lastChange: null };

export const liveUpdatesSlice = createSlice({
  name: 'liveUpdates',
  initialState,
  reducers: {
    liveConnected: (state) => {
      state.connected = true;
    },
    liveDisconnected: (state) => {
      state.connected = false;
    },
    devicesChanged: (state, action: PayloadAction<readonly number[]>) => {
      state.lastChange = { seq: (state.lastChange?.seq ?? 0) + 1, devices: [...action.payload] };
    },
  },
});

export const { liveConnected, liveDisconnected, devicesChanged } = liveUpdatesSlice.actions;
