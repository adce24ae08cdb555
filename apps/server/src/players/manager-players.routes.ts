// The back office's player calls (docs/api.md "Players"): a venue's player search, and a manager's edits
// of a player: identity, daily limit (by the till's rules: lower at once, higher after the cooling-off)
// and exclusion, each audited as the till's are. Registered inside the back office's routes (app.ts hands them to
// back-office.routes.ts, which this domain cannot be imported by: it uses the ledger), so its role and
// account checks come first: a cashier, or a manager of another venue, gets 403 before anything is read.
import {
  accountPlayerParams,
  exclusionRequest,
  player,
  playerIdentity,
  playerLimitRequest,
  PLAYER_SEARCH_DEFAULT,
  playersQuery,
  type Player,
} from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountInScope, accountParams, actorOf } from '../back-office/index.js';
import type { AppContext } from '../context.js';
import { answers } from '../http/route-schemas.js';
import { toPlayer } from './player-view.js';
import { searchPlayers } from './players.repository.js';
import { PlayersService } from './players.service.js';

export function managerPlayersRoutes(ctx: AppContext): FastifyPluginAsync {
  const players = new PlayersService(ctx);
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();

    const search = {
      schema: {
        params: accountParams,
        querystring: playersQuery,
        response: answers({ 200: z.array(player) }),
      },
    };
    app.get('/a/manager/account/:id/players', search, async (request): Promise<Player[]> => {
      const account = await accountInScope(ctx, request);
      const { q, limit = PLAYER_SEARCH_DEFAULT } = request.query;
      const rows = await searchPlayers(ctx.db.kysely, account.id, q, limit);
      const now = ctx.clock.now();
      return rows.map((row) => toPlayer(row, account, now));
    });

    const identity = {
      schema: { params: accountPlayerParams, body: playerIdentity, response: answers({ 200: player }) },
    };
    app.post('/a/manager/account/:id/players/:player_id', identity, async (request): Promise<Player> => {
      const account = await accountInScope(ctx, request);
      const editor = { actor: actorOf(request), account_id: account.id };
      return players.changeIdentity(editor, request.params.player_id, request.body);
    });

    const limit = {
      schema: { params: accountPlayerParams, body: playerLimitRequest, response: answers({ 200: player }) },
    };
    app.post('/a/manager/account/:id/players/:player_id/limit', limit, async (request): Promise<Player> => {
      const account = await accountInScope(ctx, request);
      const editor = { actor: actorOf(request), account_id: account.id };
      return players.changeLimit(editor, request.params.player_id, request.body.daily_limit);
    });

    const exclusion = {
      schema: { params: accountPlayerParams, body: exclusionRequest, response: answers({ 200: player }) },
    };
    app.post(
      '/a/manager/account/:id/players/:player_id/exclusion',
      exclusion,
      async (request): Promise<Player> => {
        const account = await accountInScope(ctx, request);
        const editor = { actor: actorOf(request), account_id: account.id };
        return players.changeExclusion(editor, request.params.player_id, request.body);
      },
    );
  };
}
