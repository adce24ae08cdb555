// The till's player calls (docs/api.md "Players"): register a card, read one, record identity, set the
// daily deposit limit, and move a player's money from one seat to another. Cashiers of a venue only, and
// only the venue's players: another venue's card or id is 404 `not found`, as one that does not exist.
import {
  DEVICE_TYPE,
  ERR,
  player,
  playerAtTill,
  playerCardParams,
  playerIdentity,
  playerLimitRequest,
  playerParams,
  registerPlayerRequest,
  transferRequest,
  transferResult,
  type Player,
  type PlayerAtTill,
  type TransferRequest,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blockRefusal, cashierAccount } from '../accounts/index.js';
import { cashierOf, requireCashier } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { assertAccessibleDevice, findDeviceStatement } from '../devices/index.js';
import { ApiError } from '../http/api-error.js';
import { countedOnTheWayToLedger, reachesLedger } from '../http/ledger-arrivals.js';
import { answers, sendOutcome } from '../http/route-schemas.js';
import { findCashierCallStatement, isReplayOn } from '../ledger/idempotency.js';
import { assertShiftForCashCall, findShiftGateStatement } from '../shifts/index.js';
import { toPlayerAtTill } from './player-view.js';
import { findPlayerByCard, findVenuePlayer, listPlayerPlaces } from './players.repository.js';
import { PlayersService } from './players.service.js';

export function cashierPlayersRoutes(ctx: AppContext): FastifyPluginAsync {
  const players = new PlayersService(ctx);
  const editorOf = (request: FastifyRequest) => {
    const cashier = cashierOf(request);
    return { actor: { user_id: cashier.id, login: cashier.login }, account_id: cashier.account_id };
  };

  /**
   * A transfer through the ledger (ledger.service.ts transfer, batch-decide.ts judgeTransfer), after the
   * checks a cash call has on its route (cash/cash.routes.ts): a trx the cashier already used from the
   * same seat's device is a replay, which only the ledger answers (its money may have moved); otherwise
   * the player must be the venue's (404), both devices the venue's cabinets (406: a phone's seat moves
   * money only with its PIN, which a transfer does not carry), the cashier in an open shift where the
   * venue uses shifts (403), and the venue without a hard block (403; a light block stops new money, and
   * a transfer brings none). None of these uses up the trx. The ledger then checks the player, the seats
   * and the devices again under its locks, and refuses a self-excluded player's transfer (stored).
   */
  async function transfer(
    request: FastifyRequest,
    reply: FastifyReply,
    playerId: number,
    body: TransferRequest,
  ) {
    const cashier = cashierOf(request);
    const settle = async () => {
      reachesLedger(request);
      const outcome = await ctx.ledger.transfer({
        account_id: cashier.account_id,
        user_id: cashier.id,
        player_id: playerId,
        from: body.from,
        to: body.to,
        amount_cents: body.amount,
        trx: body.trx,
      });
      return sendOutcome(reply, outcome);
    };
    const db = ctx.db.kysely;
    const [[stored], [from], [to], [shiftGate]] = await ctx.db.readsTogether([
      findCashierCallStatement(db, cashier.id, body.trx),
      findDeviceStatement(db, body.from.device_id),
      findDeviceStatement(db, body.to.device_id),
      findShiftGateStatement(db, cashier),
    ] as const);
    if (isReplayOn(stored, body.from.device_id)) return settle();
    if (!(await findVenuePlayer(db, cashier.account_id, playerId))) throw new ApiError(ERR.notFound);
    assertAccessibleDevice(from, cashier, DEVICE_TYPE.regular);
    assertAccessibleDevice(to, cashier, DEVICE_TYPE.regular);
    assertShiftForCashCall(shiftGate, stored !== undefined);
    // As a block sees it a transfer is no deposit: only the hard block, which stops every cash call, refuses it.
    const blocked = blockRefusal(await cashierAccount(db, cashier), { kind: 'withdraw' });
    if (blocked !== null) throw new ApiError(blocked);
    return settle();
  }

  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    // Before validation: who may call comes before what the call holds (401/403 before 400).
    app.addHook('preValidation', requireCashier);

    const register = { schema: { body: registerPlayerRequest, response: answers({ 200: player }) } };
    app.post('/a/cashier/players', register, async (request, reply) => {
      const cashier = cashierOf(request);
      return sendOutcome(reply, await players.register(cashier, request.body));
    });

    const byCard = { schema: { params: playerCardParams, response: answers({ 200: playerAtTill }) } };
    app.get('/a/cashier/players/by_card/:card', byCard, async (request): Promise<PlayerAtTill> => {
      const cashier = cashierOf(request);
      const db = ctx.db.kysely;
      const found = await findPlayerByCard(db, cashier.account_id, request.params.card);
      if (!found) throw new ApiError(ERR.notFound);
      const [venue, places] = await Promise.all([
        cashierAccount(db, cashier),
        listPlayerPlaces(db, cashier.account_id, found.id),
      ]);
      return toPlayerAtTill(found, venue, places, ctx.clock.now());
    });

    const identity = {
      schema: { params: playerParams, body: playerIdentity, response: answers({ 200: player }) },
    };
    app.post('/a/cashier/players/:id', identity, async (request): Promise<Player> =>
      players.changeIdentity(editorOf(request), request.params.id, request.body),
    );

    const limit = {
      schema: { params: playerParams, body: playerLimitRequest, response: answers({ 200: player }) },
    };
    app.post('/a/cashier/players/:id/limit', limit, async (request): Promise<Player> =>
      players.changeLimit(editorOf(request), request.params.id, request.body.daily_limit),
    );

    const moves = {
      ...countedOnTheWayToLedger(ctx.ledger),
      schema: { params: playerParams, body: transferRequest, response: answers({ 200: transferResult }) },
    };
    app.post('/a/cashier/players/:id/transfer', moves, (request, reply) =>
      transfer(request, reply, request.params.id, request.body),
    );
  };
}
