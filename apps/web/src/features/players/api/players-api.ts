// The till's calls about players (contract: "Players"): read a card, register one, record a player's
// identity, set their daily limit, and move their money from one seat to another. A registration and a
// transfer carry a trx made once per attempt by the caller, so the base API's retries on HTTP 500 resend
// the very same request and the server executes it once.
import type {
  Player,
  PlayerAtTill,
  PlayerIdentity,
  PlayerLimitRequest,
  RegisterPlayerRequest,
  TransferRequest,
  TransferResult,
} from '@cashdesk/contract';
import { baseApi } from '../../../api/base-api';

export interface PlayerIdentityArgs extends PlayerIdentity {
  playerId: number;
}

export interface PlayerLimitArgs extends PlayerLimitRequest {
  playerId: number;
}

export interface PlayerTransferArgs extends TransferRequest {
  playerId: number;
}

// A transfer moves money between two seats: the places, the devices' payments, the reports and the
// player's seats are stale (the float does not move).
const AFTER_TRANSFER = ['Devices', 'Device', 'Reports', 'Player'] as const;

export const playersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The player with today's figures, what is left of their limit and their seats; 404 for an unknown card. */
    playerByCard: build.query<PlayerAtTill, string>({
      query: (card) => `/a/cashier/players/by_card/${encodeURIComponent(card)}`,
      providesTags: (result) => (result ? [{ type: 'Player', id: result.id }, 'Player'] : ['Player']),
    }),

    registerPlayer: build.mutation<Player, RegisterPlayerRequest>({
      query: (body) => ({ url: '/a/cashier/players', method: 'POST', body }),
      // A card read as unknown a moment ago is known now.
      invalidatesTags: ['Player'],
    }),

    recordPlayerIdentity: build.mutation<Player, PlayerIdentityArgs>({
      query: ({ playerId, ...identity }) => ({
        url: `/a/cashier/players/${playerId}`,
        method: 'POST',
        body: identity satisfies PlayerIdentity,
      }),
      invalidatesTags: (_result, _error, { playerId }) => [{ type: 'Player', id: playerId }],
    }),

    setPlayerLimit: build.mutation<Player, PlayerLimitArgs>({
      query: ({ playerId, daily_limit }) => ({
        url: `/a/cashier/players/${playerId}/limit`,
        method: 'POST',
        body: { daily_limit } satisfies PlayerLimitRequest,
      }),
      invalidatesTags: (_result, _error, { playerId }) => [{ type: 'Player', id: playerId }],
    }),

    transferBetweenSeats: build.mutation<TransferResult, PlayerTransferArgs>({
      query: ({ playerId, from, to, amount, trx }) => ({
        url: `/a/cashier/players/${playerId}/transfer`,
        method: 'POST',
        body: { from, to, amount, trx } satisfies TransferRequest,
      }),
      invalidatesTags: [...AFTER_TRANSFER],
    }),
  }),
});

export const {
  usePlayerByCardQuery,
  useLazyPlayerByCardQuery,
  useRegisterPlayerMutation,
  useRecordPlayerIdentityMutation,
  useSetPlayerLimitMutation,
  useTransferBetweenSeatsMutation,
} = playersApi;
