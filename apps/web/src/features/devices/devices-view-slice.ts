// What the devices screen shows across its two routes: the selected device and, for a remote (home-play)
// device, the PIN it was connected with. The PIN lives only in memory: a remote device cannot be viewed
// without it, so a missing PIN resets the view (docs/product.md section 4).
import { DEVICE_TYPE, type DeviceType } from '@cashdesk/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionExpired } from '../../api/session-events';
import { signedOut } from '../session';

export interface RemoteConnection {
  deviceId: number;
  pin: string;
}

export interface DevicesViewState {
  selected: { id: number; type: DeviceType } | null;
  remote: RemoteConnection | null;
}

const initialState: DevicesViewState = { selected: null, remote: null };

export const devicesViewSlice = createSlice({
  name: 'devicesView',
  initialState,
  reducers: {
    /** A regular device from the list; any remote connection ends (its PIN is forgotten). */
    deviceSelected(state, action: PayloadAction<number>) {
      state.selected = { id: action.payload, type: DEVICE_TYPE.regular };
      state.remote = null;
    },
    remoteConnected(state, action: PayloadAction<RemoteConnection>) {
      state.selected = { id: action.payload.deviceId, type: DEVICE_TYPE.remote };
      state.remote = action.payload;
    },
    /** Back, inactivity, a 406 or a missing PIN: nothing selected, no PIN kept. */
    viewReset() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    // A PIN must not outlive the session it was entered in.
    builder.addCase(sessionExpired, () => initialState).addCase(signedOut, () => initialState);
  },
});

export const { deviceSelected, remoteConnected, viewReset } = devicesViewSlice.actions;

type WithView = { devicesView: DevicesViewState };
export const selectSelectedDevice = (state: WithView) => state.devicesView.selected;
/** The stored PIN of a remote device, or null when none is kept for it. */
export const selectRemotePin = (state: WithView, deviceId: number): string | null =>
  state.devicesView.remote?.deviceId === deviceId ? state.devicesView.remote.pin : null;
