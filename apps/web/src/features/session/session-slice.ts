// Session state on this screen: the signed-out flag (spec section 4) and when a 401 last ended it.
import { createSlice } from '@reduxjs/toolkit';
import { sessionExpired } from '../../api/session-events';

export interface SessionState {
  isSignOut: boolean;
  /** Bumped on every 401: the SessionWatcher reacts to each one. */
  expiredCount: number;
}

const initialState: SessionState = { isSignOut: false, expiredCount: 0 };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state) {
      state.isSignOut = false;
    },
    signedOut(state) {
      state.isSignOut = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state) => {
      state.isSignOut = true;
      state.expiredCount += 1;
    });
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;
