// Session state on this screen: the signed-out flag (docs/product.md section 4), whether a user is signed in here,
// and when (and why: an expiry or a block) a 401 or a 403 `user blocked` last ended such a session. A 401
// only "expires" a session this screen had: a visitor who was never signed in is not told 'Your session
// has expired' (docs/web-app.md, first visit).
import { createSlice } from '@reduxjs/toolkit';
import { sessionExpired } from '../../api/session-events';
import { authApi } from '../../api/auth-api';

export interface SessionState {
  isSignOut: boolean;
  /** A user is signed in on this screen: signed in here, or the user query answered with one. */
  active: boolean;
  /** A user was signed in on this screen at some point since the page loaded. */
  seen: boolean;
  /** Bumped when a 401 ends an active session: the SessionWatcher reacts to each one. */
  expiredCount: number;
  /** Why the last such end came: the session expired (or ended elsewhere), or the user was blocked. */
  endedBy: 'expiry' | 'block';
}

const initialState: SessionState = {
  isSignOut: false,
  active: false,
  seen: false,
  expiredCount: 0,
  endedBy: 'expiry',
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state) {
      state.isSignOut = false;
      state.active = true;
      state.seen = true;
    },
    signedOut(state) {
      state.isSignOut = true;
      state.active = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionExpired, (state, { payload }) => {
        state.isSignOut = true;
        // The first 401 (or 403 `user blocked`) of a live session ends it; the calls still in flight that
        // answer so after it (a poll, the stream's float check) change nothing more.
        if (!state.active) return;
        state.active = false;
        state.expiredCount += 1;
        state.endedBy = payload.blocked ? 'block' : 'expiry';
      })
      .addMatcher(authApi.endpoints.me.matchFulfilled, (state, { payload }) => {
        if (!payload.id) return;
        state.active = true;
        state.seen = true;
      });
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;
