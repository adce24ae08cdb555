// One attempt of a cash operation against a stubbed server, through the real store and base API: which
// answers end it (and what the cashier is told) and which keep it, stored, for a resend with the same trx.
import { CASH_CALL_TIMEOUT_MS, ERR } from '@cashdesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/i18n';
import { makeStore } from '../../../test/render';
import { approvalsChanged } from '../../live-updates';
import { cashResult } from '../../../test/cash-fixtures';
import { stubApi, type StubRoute } from '../../../test/stub-api';
import { resendUnconfirmed, resendWaitingOn, retractWaiting } from './resend-unconfirmed';
import { recordCashOperation } from './record-cash-operation';
import { sendCashOperation } from './send-cash-operation';
import { newOperation, type UnconfirmedOperation } from './unconfirmed-operation';
import { readOperations } from './unconfirmed-storage';

const CASH = 'POST /api/v1/a/cashier/devices/12/place/3/update';
const REMOTE_CASH = 'POST /api/v1/a/cashier/devices/remote/12/place/3/update';
const CASHIER = 7;

interface CashBody {
  delta: number;
  trx: string;
  pin_code?: string;
}

const success: StubRoute = ({ body }) => {
  const { delta, trx } = body as CashBody;
  return { body: cashResult(delta, trx) };
};

/** The answers to the attempts in turn (the last one repeats); an answer may depend on the request. */
function turns(...answers: StubRoute[]): StubRoute {
  let n = 0;
  return (call) => {
    const route = answers[Math.min(n++, answers.length - 1)]!;
    if (typeof route === 'function') return route(call);
    return Array.isArray(route) ? (route[0] ?? {}) : route;
  };
}

function operation(over: Partial<UnconfirmedOperation> = {}): UnconfirmedOperation {
  return {
    ...newOperation({
      trx: `trx-${Math.random().toString(16).slice(2)}`,
      cashierId: CASHIER,
      cashierName: 'Anna Cashier',
      deviceId: 12,
      deviceName: 'Rocket 12',
      deviceUuid: 'AAECAwQFBgcICQoLDA0ODw==',
      place: 3,
      kind: 'deposit',
      delta: 2500,
      currency: 'EUR',
      remotePin: null,
      print: false,
    }),
    ...over,
  };
}

/** A store with one recorded operation and the server's answers to its attempts, in turn. */
function setup(answers: StubRoute, over: Partial<UnconfirmedOperation> = {}) {
  const api = stubApi({ [CASH]: answers, [REMOTE_CASH]: answers });
  const store = makeStore();
  const op = operation(over);
  store.dispatch(recordCashOperation(op));
  const bodies = () => [...api.callsTo(CASH), ...api.callsTo(REMOTE_CASH)].map((c) => c.body as CashBody);
  return { ...api, store, op, bodies, toasts: () => store.getState().toasts.queue };
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a lost answer', () => {
  it('keeps the operation, stored and on screen, and the resend with the same trx settles it', async () => {
    const { store, op, bodies, toasts } = setup(turns({ network: true }, success));
    // Stored before the request leaves: a page that dies meanwhile still knows the trx.
    expect(readOperations(CASHIER).map((o) => o.trx)).toEqual([op.trx]);

    const first = await store.dispatch(sendCashOperation(op.trx));
    expect(first).toMatchObject({
      kind: 'undecided',
      held: false,
      operation: { problem: 'network', attempts: 1 },
    });
    expect(readOperations(CASHIER)).toMatchObject([{ trx: op.trx, problem: 'network', attempts: 1 }]);
    expect(store.getState().unconfirmed.operations).toHaveLength(1);
    expect(toasts()).toEqual([]);

    await store.dispatch(resendUnconfirmed(op.trx));
    expect(bodies()).toEqual([
      { delta: 2500, trx: op.trx },
      { delta: 2500, trx: op.trx },
    ]);
    expect(readOperations(CASHIER)).toEqual([]);
    expect(store.getState().unconfirmed.operations).toEqual([]);
    expect(toasts()).toContainEqual(
      expect.objectContaining({
        kind: 'success',
        key: 'cash:unconfirmed.confirmed.deposit',
        params: { amount: '25.00 EUR', device: 'Rocket 12', id: 12, place: 3 },
      }),
    );
  });

  it("resends a cash-out with its cash_out flag, and one stored without it (before the flag) as first sent; the success tells the answer's amount", async () => {
    const takenAfterABet: StubRoute = ({ body }) => ({
      body: cashResult(-18_00, (body as CashBody).trx, { balances: { entries: 0, final_bonus: 0 } }),
    });
    const flagged = setup(turns({ network: true }, takenAfterABet), {
      kind: 'cashOut',
      delta: -25_00,
      cashOut: true,
    });
    await flagged.store.dispatch(sendCashOperation(flagged.op.trx));
    await flagged.store.dispatch(resendUnconfirmed(flagged.op.trx));
    const sent = { delta: -25_00, trx: flagged.op.trx, cash_out: true };
    expect(flagged.bodies()).toEqual([sent, sent]);
    expect(flagged.toasts()).toContainEqual(
      expect.objectContaining({
        key: 'cash:unconfirmed.confirmed.cashOut',
        params: expect.objectContaining({ amount: '18.00 EUR' }),
      }),
    );

    window.localStorage.clear();
    const older = setup(turns({ network: true }, success), { kind: 'cashOut', delta: -25_00 });
    await older.store.dispatch(sendCashOperation(older.op.trx));
    await older.store.dispatch(resendUnconfirmed(older.op.trx));
    expect(older.bodies().slice(-1)).toEqual([{ delta: -25_00, trx: older.op.trx }]);
  });

  it.each([502, 503, 504])("keeps it on a proxy's %i", async (status) => {
    const { store, op } = setup({ status, body: '<html>Bad gateway</html>' });
    const outcome = await store.dispatch(sendCashOperation(op.trx));
    expect(outcome?.kind).toBe('undecided');
    expect(readOperations(CASHIER)).toHaveLength(1);
  });

  it('times out after CASH_CALL_TIMEOUT_MS, not before, and keeps it with the timeout as its reason', async () => {
    vi.useFakeTimers();
    const { store, op } = setup({ hang: true });
    let settled = false;
    const sending = store.dispatch(sendCashOperation(op.trx)).then((outcome) => {
      settled = true;
      return outcome;
    });
    await vi.advanceTimersByTimeAsync(CASH_CALL_TIMEOUT_MS - 100);
    expect(settled).toBe(false);
    expect(store.getState().unconfirmed.sending).toEqual([op.trx]);
    await vi.advanceTimersByTimeAsync(200);
    const outcome = await sending;
    expect(outcome).toMatchObject({ kind: 'undecided', failure: { err: 'timeout' } });
    expect(readOperations(CASHIER)).toMatchObject([{ trx: op.trx, problem: 'timeout' }]);
    expect(store.getState().unconfirmed.sending).toEqual([]);
  });

  it('sends a remote operation again with its PIN, to the remote route', async () => {
    const { store, op, callsTo } = setup(turns({ network: true }, success), { remotePin: '654321' });
    await store.dispatch(sendCashOperation(op.trx));
    await store.dispatch(resendUnconfirmed(op.trx));
    expect(callsTo(CASH)).toEqual([]);
    expect(callsTo(REMOTE_CASH).map((c) => c.body)).toEqual([
      { delta: 2500, trx: op.trx, pin_code: '654321' },
      { delta: 2500, trx: op.trx, pin_code: '654321' },
    ]);
    expect(readOperations(CASHIER)).toEqual([]);
  });

  it('keeps a home-play operation whose resend is answered 429, and the next resend settles it', async () => {
    const tooMany = { status: 429, body: { err: ERR.tooManyAttempts, retry_after: 60 } };
    const { store, op, toasts } = setup(turns({ network: true }, tooMany, success), { remotePin: '654321' });
    await store.dispatch(sendCashOperation(op.trx));
    // The server's throttle held this resend; the first attempt may have moved the money all the same.
    const held = await store.dispatch(sendCashOperation(op.trx));
    expect(held).toMatchObject({ kind: 'undecided', held: false, operation: { problem: 'throttled' } });
    expect(readOperations(CASHIER)).toMatchObject([{ trx: op.trx, problem: 'throttled', attempts: 2 }]);
    expect(toasts()).toEqual([]);

    await store.dispatch(resendUnconfirmed(op.trx));
    expect(readOperations(CASHIER)).toEqual([]);
    expect(toasts()).toContainEqual(
      expect.objectContaining({ kind: 'success', key: 'cash:unconfirmed.confirmed.deposit' }),
    );
  });

  it('queues the receipt of a late success when the cashier chose printing', async () => {
    const { store, op } = setup(turns({ network: true }, success), {
      print: true,
      kind: 'withdraw',
      delta: -800,
    });
    await store.dispatch(sendCashOperation(op.trx));
    await store.dispatch(resendUnconfirmed(op.trx));
    expect(store.getState().unconfirmed.receipts).toEqual([
      expect.objectContaining({
        kind: 'withdraw',
        receiptNumber: op.trx,
        amount_cents: 800,
        cashier: 'Anna Cashier',
      }),
    ]);
  });

  it('does not send a second attempt while one is on the wire', async () => {
    vi.useFakeTimers();
    const { store, op, bodies } = setup([{ hang: true }]);
    const first = store.dispatch(sendCashOperation(op.trx));
    expect(await store.dispatch(sendCashOperation(op.trx))).toBeNull();
    await vi.advanceTimersByTimeAsync(CASH_CALL_TIMEOUT_MS);
    await first;
    expect(bodies()).toHaveLength(1);
  });
});

describe('a definitive answer', () => {
  it("a refusal of the resend ends it with the refusal's own toast", async () => {
    const { store, op, toasts } = setup([
      { network: true },
      { status: 409, body: { err: ERR.overdraft, balance: 1000, overdraft: 50_000 } },
    ]);
    await store.dispatch(sendCashOperation(op.trx));
    await store.dispatch(resendUnconfirmed(op.trx));
    expect(readOperations(CASHIER)).toEqual([]);
    expect(store.getState().unconfirmed.operations).toEqual([]);
    expect(toasts()).toContainEqual(
      expect.objectContaining({ key: 'errors:overdraft', params: { float: '510.00' } }),
    );
  });

  it('a 401 on the first attempt ends it: the guard refused before any money could move', async () => {
    const { store, op } = setup({ status: 401, body: { err: ERR.unauthorized } });
    const outcome = await store.dispatch(sendCashOperation(op.trx));
    expect(outcome?.kind).toBe('refused');
    expect(readOperations(CASHIER)).toEqual([]);
  });
});

describe('a held resend', () => {
  it.each([
    [401, 'session'],
    [423, 'locked'],
  ] as const)(
    "a %i after a lost answer keeps it stored for the cashier's return",
    async (status, problem) => {
      const { store, op } = setup([{ network: true }, { status, body: { err: 'x' } }]);
      await store.dispatch(sendCashOperation(op.trx));
      const outcome = await store.dispatch(sendCashOperation(op.trx));
      expect(outcome).toMatchObject({ kind: 'undecided', held: true });
      // The 401 ended the session on this screen (its copy is cleared); the stored record is what counts.
      expect(readOperations(CASHIER)).toMatchObject([{ trx: op.trx, problem, attempts: 2 }]);
    },
  );
});

describe('a withdraw held for a manager (four eyes)', () => {
  const pending: StubRoute = ({ body }) => ({
    status: 202,
    body: { status: 'pending', approval_id: 'ap-1', trx: (body as CashBody).trx },
  });

  it('waits, stored, with no receipt and no success; applied, it settles and prints then', async () => {
    const { store, op, toasts } = setup(turns(pending, pending, success), {
      kind: 'withdraw',
      delta: -300_00,
      print: true,
    });
    const first = await store.dispatch(sendCashOperation(op.trx));
    expect(first).toMatchObject({ kind: 'pending', operation: { problem: 'approval', attempts: 1 } });
    // It survives a reload (stored), shows as waiting, and nothing printed or toasted a success.
    expect(readOperations(CASHIER)).toMatchObject([{ trx: op.trx, problem: 'approval' }]);
    expect(store.getState().unconfirmed.operations).toMatchObject([{ trx: op.trx, problem: 'approval' }]);
    expect(store.getState().unconfirmed.receipts).toEqual([]);
    expect(toasts()).toEqual([]);

    await store.dispatch(resendUnconfirmed(op.trx));
    expect(readOperations(CASHIER)).toMatchObject([{ trx: op.trx, problem: 'approval', attempts: 2 }]);
    expect(store.getState().unconfirmed.receipts).toEqual([]);

    // The manager approved: the same trx now answers the applied withdraw.
    await store.dispatch(resendUnconfirmed(op.trx));
    expect(readOperations(CASHIER)).toEqual([]);
    expect(store.getState().unconfirmed.operations).toEqual([]);
    expect(store.getState().unconfirmed.receipts).toHaveLength(1);
    expect(toasts()).toContainEqual(
      expect.objectContaining({ kind: 'success', key: 'cash:unconfirmed.confirmed.withdraw' }),
    );
  });

  it('approved, a cash-out that paid less than the seat holds says what was paid and what stays, in en, es and pt', async () => {
    // The manager approved 600.00; the seat won 5000.00 while it waited, which stays on it.
    const paidLess: StubRoute = ({ body }) => ({
      body: cashResult(-600_00, (body as CashBody).trx, { balances: { entries: 5000_00, final_bonus: 0 } }),
    });
    const { store, op, toasts } = setup(turns(pending, paidLess), {
      kind: 'cashOut',
      delta: -600_00,
      cashOut: true,
      print: true,
    });
    await store.dispatch(sendCashOperation(op.trx));
    await store.dispatch(resendUnconfirmed(op.trx));
    const toast = toasts().find((t) => t.kind === 'success')!;
    await i18n.loadLanguages(['es', 'pt']);
    expect(toast).toMatchObject({
      key: 'cash:unconfirmed.confirmed.paidLess',
      params: { amount: '600.00 EUR', left: '5000.00 EUR', device: 'Rocket 12', id: 12, place: 3 },
    });
    expect(i18n.t(toast.key, { ...toast.params, lng: 'en' })).toBe(
      'Paid 600.00 EUR from Rocket 12 (ID 12), player 3; 5000.00 EUR won since stays on the seat',
    );
    expect(i18n.t(toast.key, { ...toast.params, lng: 'es' })).toBe(
      'Confirmado: pagado 600.00 EUR de Rocket 12 (ID 12), jugador 3; los 5000.00 EUR ganados mientras tanto quedan en el puesto',
    );
    expect(i18n.t(toast.key, { ...toast.params, lng: 'pt' })).toBe(
      'Confirmado: pago 600.00 EUR de Rocket 12 (ID 12), jogador 3; os 5000.00 EUR ganhos nesse meio-tempo ficam no lugar',
    );
    // Kept for the till until dismissed: what was paid, and what stays on the seat.
    expect(store.getState().unconfirmed.outcomes).toMatchObject([
      { kind: 'paid', cashKind: 'cashOut', paid: 600_00, left: 5000_00, deviceId: 12, place: 3 },
    ]);
    // The receipt prints what was paid.
    expect(store.getState().unconfirmed.receipts).toMatchObject([{ amount_cents: 600_00 }]);
  });

  it('approved, then refused by the ledger with 409 device moved: its own sentence, never the overdraft', async () => {
    const moved: StubRoute = { status: 409, body: { err: ERR.deviceMoved } };
    const { store, op, toasts } = setup(turns(pending, moved), { kind: 'withdraw', delta: -300_00 });
    await store.dispatch(sendCashOperation(op.trx));
    await store.dispatch(resendUnconfirmed(op.trx));
    expect(store.getState().unconfirmed.operations).toEqual([]);
    const errors = toasts().filter((t) => t.kind === 'error');
    expect(errors.map((t) => t.key)).toEqual(['errors:deviceMoved']);
  });

  it('declined, it ends with the refusal and prints nothing', async () => {
    const declined: StubRoute = { status: 403, body: { err: ERR.approvalDeclined } };
    const { store, op, toasts } = setup(turns(pending, declined), {
      kind: 'withdraw',
      delta: -300_00,
      print: true,
    });
    await store.dispatch(sendCashOperation(op.trx));
    await store.dispatch(resendUnconfirmed(op.trx));
    expect(readOperations(CASHIER)).toEqual([]);
    expect(store.getState().unconfirmed.receipts).toEqual([]);
    expect(toasts()).toContainEqual(
      expect.objectContaining({ kind: 'error', key: 'errors:approvalDeclined' }),
    );
  });

  it('keeps the request id, and the cashier retracts it: the trx then ends with the retraction', async () => {
    const withdrawn: StubRoute = { status: 403, body: { err: ERR.approvalWithdrawn } };
    const RETRACT = 'POST /api/v1/a/cashier/approvals/ap-1/withdraw';
    const api = stubApi({
      [CASH]: turns(pending, withdrawn),
      [RETRACT]: { body: { id: 'ap-1', status: 'withdrawn' } },
    });
    const store = makeStore();
    const op = operation({ kind: 'withdraw', delta: -300_00 });
    store.dispatch(recordCashOperation(op));
    await store.dispatch(sendCashOperation(op.trx));
    // Stored with its request's id, so a reloaded till can still retract it.
    expect(readOperations(CASHIER)).toMatchObject([{ trx: op.trx, approvalId: 'ap-1' }]);

    await store.dispatch(retractWaiting(op.trx));
    expect(api.callsTo(RETRACT)).toHaveLength(1);
    expect(api.callsTo(CASH).map((c) => (c.body as CashBody).trx)).toEqual([op.trx, op.trx]);
    expect(readOperations(CASHIER)).toEqual([]);
    expect(store.getState().unconfirmed.operations).toEqual([]);
    expect(store.getState().toasts.queue).toContainEqual(
      expect.objectContaining({ kind: 'error', key: 'errors:approvalWithdrawn' }),
    );
  });

  it('is asked again at once when a live change of the approvals names its device, and only then', async () => {
    const { store, op, bodies } = setup(turns(pending, success), { kind: 'withdraw', delta: -300_00 });
    await store.dispatch(sendCashOperation(op.trx));
    store.dispatch(resendWaitingOn([99]));
    expect(bodies()).toHaveLength(1);

    store.dispatch(approvalsChanged([12]));
    store.dispatch(resendWaitingOn(store.getState().liveUpdates.lastApprovals!.devices));
    await vi.waitFor(() => expect(store.getState().unconfirmed.operations).toEqual([]));
    expect(bodies()).toHaveLength(2);
  });
});
