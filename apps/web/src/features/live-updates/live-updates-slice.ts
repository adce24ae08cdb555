// Whether this terminal holds the server's live-updates stream right now: polls slow down while it does.
import { createSlice } from '@reduxjs/toolkit';

export interface LiveUpdatesState {
  connected: boolean;
}

const initialState: LiveUpdatesState = { connected: false };

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
  },
});

export const { liveConnected, liveDisconnected } = liveUpdatesSlice.actions;
