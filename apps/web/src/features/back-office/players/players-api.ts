// The back office's calls about a venue's players (docs/back-office.md, "Players"): the search, a
// manager's edits of a player's identity and daily limit, and a self-exclusion set or lifted. The server audits an exclusion; the audit log is stale after.
import type { ExclusionRequest, Player, PlayerIdentity } from '@cashdesk/contract';
import { backOfficeApi, queryParams } from '../shared/back-office-api';

// On the console's API, so its audit tag is there to invalidate.
const api = backOfficeApi.enhanceEndpoints({ addTagTypes: ['BoPlayers'] });
const players = (id: number) => `/a/manager/account/${id}/players`;

export const playersApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** The venue's players whose card, name or document number matches `q`. */
    boPlayers: build.query<Player[], { id: number; q: string }>({
      query: ({ id, q }) => ({ url: players(id), params: queryParams({ q }) }),
      providesTags: ['BoPlayers'],
    }),
    boSetPlayerIdentity: build.mutation<Player, { id: number; playerId: number; body: PlayerIdentity }>({
      query: ({ id, playerId, body }) => ({ url: `${players(id)}/${playerId}`, method: 'POST', body }),
      invalidatesTags: ['BoPlayers', 'BoAudit'],
    }),
    boSetPlayerLimit: build.mutation<
      Player,
      { id: number; playerId: number; body: { daily_limit: number | null } }
    >({
      query: ({ id, playerId, body }) => ({ url: `${players(id)}/${playerId}/limit`, method: 'POST', body }),
      invalidatesTags: ['BoPlayers', 'BoAudit'],
    }),
    boSetPlayerExclusion: build.mutation<Player, { id: number; playerId: number; body: ExclusionRequest }>({
      query: ({ id, playerId, body }) => ({
        url: `${players(id)}/${playerId}/exclusion`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['BoPlayers', 'BoAudit'],
    }),
  }),
});

export const {
  useBoPlayersQuery,
  useBoSetPlayerExclusionMutation,
  useBoSetPlayerIdentityMutation,
  useBoSetPlayerLimitMutation,
} = playersApi;
