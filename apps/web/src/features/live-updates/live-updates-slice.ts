// Whether this terminal holds the server's live-updates stream right now (polls slow down while it does),
// and the devices of the last change of the approvals (four eyes: a payout held for a manager on one of
// them may just have been decided). Other changes of a device are not kept here: a cabinet reports every
// second, and a waiting payout asked again at each was a request a second (docs/live-updates.md).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface LiveUpdatesState {
  connected: boolean;
  /**
   * The devices of the last message with `approvals: true`; `seq` counts such messages, so the same
   * devices twice still differ.
   */
  lastApprovals: { seq: number; devices: readonly number[] } | null;
}

const initialState: LiveUpdatesState = { connected: false, lastApprovals: null };

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
    approvalsChanged: (state, action: PayloadAction<readonly number[]>) => {
      state.lastApprovals = { seq: (state.lastApprovals?.seq ?? 0) + 1, devices: [...action.payload] };
    },
  },
});

export const { liveConnected, liveDisconnected, approvalsChanged } = liveUpdatesSlice.actions;
