// Cashier cash calls: deposit, withdraw and cash-out on a place, regular and remote.
import {
  answerForViewer,
  approvalPending,
  cashRequest,
  cashResult,
  DEVICE_TYPE,
  ERR,
  idParam,
  placeParam,
  remoteCashRequest,
  type DeviceType,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockRefusal, cashierAccount } from '../accounts/index.js';
import { cashierOf, requireCashier } from '../auth/index.js';
import type { AppContext } from '../context.js';
import type { DeviceRow } from '../db/schema.js';
import { assertAccessibleDevice, findDeviceStatement } from '../devices/index.js';
import { ApiError } from '../http/api-error.js';
import { countedOnTheWayToLedger, reachesLedger } from '../http/ledger-arrivals.js';
import { answers, sendOutcome } from '../http/route-schemas.js';
import { findCashierCallStatement, isReplayOn } from '../ledger/idempotency.js';
import { cashKind } from '../ledger/money-rules.js';
import { assertShiftForCashCall, findShiftGateStatement } from '../shifts/index.js';
import { restrictionsOf } from '../users/index.js';
import { withReceipt } from './receipt.js';

const placeParams = z.object({ id: idParam, place: placeParam });

export function cashRoutes(ctx: AppContext): FastifyPluginAsync {
  /**
   * One handler for both variants. A trx the cashier already used on this device is a replay: the
   * ledger alone answers it (ledger/idempotency.ts). Otherwise a remote call's blocks and PIN are
   * checked inside the ledger transaction, after a replay's stored answer (a concurrent first attempt may
   * commit meanwhile). Before it, unless the venue's blocks refuse the call, the PIN guard counts the
   * attempt (429 while the cashier, venue or address has guessed too many) and counts a wrong PIN against
   * the phone; the ledger's comparison refuses an expired PIN by its expiry too. A wrong PIN is refused
   * after the claim and rolled back: no row stays. The answer leaves out the float figures the cashier's
   * restrictions hide (contract answerForViewer) and, applied, carries the receipt's venue and number
   * (./receipt.ts).
   */
  async function placeCash(
    request: FastifyRequest,
    reply: FastifyReply,
    type: DeviceType,
    { id, place }: z.output<typeof placeParams>,
    {
      delta,
      trx,
      pin_code,
      cash_out,
      player_id,
    }: {
      delta: number;
      trx: string;
      pin_code: string | null;
      cash_out?: boolean | undefined;
      player_id?: number | undefined;
    },
  ) {
    const cashier = cashierOf(request);
    const settle = async (device: Pick<DeviceRow, 'id' | 'uuid'>) => {
      reachesLedger(request);
      const outcome = await ctx.ledger.changePlaceCash({
        account_id: cashier.account_id,
        user_id: cashier.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place,
        delta_cents: delta,
        trx,
        remote_pin: pin_code,
        cash_out,
        ...(player_id === undefined ? {} : { player_id }),
      });
      return sendOutcome(reply, answerForViewer(withReceipt(outcome), restrictionsOf(cashier)));
    };
    // The reads the checks need go out together (on PostgreSQL in one round trip on one connection).
    const db = ctx.db.kysely;
    const [[[stored], [found], [shiftGate]], account] = await Promise.all([
      ctx.db.readsTogether([
        findCashierCallStatement(db, cashier.id, trx),
        findDeviceStatement(db, id),
        findShiftGateStatement(db, cashier),
      ] as const),
      pin_code !== null ? cashierAccount(db, cashier) : undefined,
    ]);
    // A retry of a call whose answer was lost goes straight to the ledger: none of the checks below may
    // refuse it (the device unlinked since, a PIN the phone replaced, the venue's PIN tries held), and the
    // PIN it carries is no guess to count.
    if (isReplayOn(stored, id)) {
      if (!found) throw new ApiError(ERR.deviceNotAvailable);
      return settle(found);
    }
    const device = assertAccessibleDevice(found, cashier, type);
    assertShiftForCashCall(shiftGate, stored !== undefined);
    // As on the other remote calls (devices/device-access.ts), the checks that do not look at the PIN
    // come first: a call the venue's blocks refuse is no PIN attempt, so a wrong PIN under a hard block
    // (or in a deposit under a light one) is not counted. The ledger still has the last word: it refuses
    // the call with the block's 403 before it looks at the PIN.
    if (pin_code !== null && account && blockRefusal(account, { kind: cashKind(delta) }) === null) {
      await ctx.pins.check(request, reply, cashier, device, pin_code);
    }
    return settle(device);
  }

  const response = answers({ 200: cashResult, 202: approvalPending });
  const onTheWay = countedOnTheWayToLedger(ctx.ledger);

  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    // Before validation: who may call comes before what the call holds (401/403 before 400).
    app.addHook('preValidation', requireCashier);
    app.post(
      '/a/cashier/devices/:id/place/:place/update',
      { ...onTheWay, schema: { params: placeParams, body: cashRequest, response } },
      (request, reply) =>
        placeCash(request, reply, DEVICE_TYPE.regular, request.params, { ...request.body, pin_code: null }),
    );
    app.post(
      '/a/cashier/devices/remote/:id/place/:place/update',
      { ...onTheWay, schema: { params: placeParams, body: remoteCashRequest, response } },
      (request, reply) => placeCash(request, reply, DEVICE_TYPE.remote, request.params, request.body),
    );
  };
}
