// The player the till serves now: the card the cashier read last and chose to serve. Cash calls made
// while one is served are for them (`player_id`, contract "Players"); the figures kept here are those of
// the read, for the cash modal to show (the server decides on its own, fresh ones). In memory only, like
// a home-play PIN: a reload, a sign-out, a session's end and the devices screen's inactivity reset (three
// minutes without a touch, docs/product.md section 4) forget it, so the next customer is never served as
// the last one.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionExpired } from '../../api/session-events';
import type { CashPlayer } from '../cash';
import { signedOut } from '../session';

/** The served player as the cash modal takes them: its player (features/cash cash-player.ts). */
export type TillPlayer = CashPlayer;

export interface TillPlayerState {
  served: TillPlayer | null;
}

const initialState: TillPlayerState = { served: null };

export const tillPlayerSlice = createSlice({
  name: 'tillPlayer',
  initialState,
  reducers: {
    /** The cashier serves the player of the card just read (or read again: the figures follow). */
    playerServed(state, action: PayloadAction<TillPlayer>) {
      state.served = action.payload;
    },
    /** Done with the player, or the screen was reset. */
    playerDismissed() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, () => initialState).addCase(signedOut, () => initialState);
  },
});

export const { playerServed, playerDismissed } = tillPlayerSlice.actions;

type WithTillPlayer = { tillPlayer: TillPlayerState };
export const selectTillPlayer = (state: WithTillPlayer): TillPlayer | null => state.tillPlayer.served;
