// Sending a cash call from a component against a stubbed server, through the real store: a first send and
// a resend after a lost answer end in the same success (its toast, its receipt), each told where the
// cashier reads it, and the first send's own guards and words.
import { ERR } from '@cashdesk/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_UUID, cashResult } from '../../test/cash-fixtures';
import { makeStore } from '../../test/render';
import { stubApi, type StubRoute } from '../../test/stub-api';
import { useCashCall } from './use-cash-call';
import { readOperations } from './unconfirmed/unconfirmed-storage';

const CASH = 'POST /api/v1/a/cashier/devices/12/place/3/update';
const CASHIER = 7;

interface CashBody {
  delta: number;
  trx: string;
}

const success: StubRoute = ({ body }) => {
  const { delta, trx } = body as CashBody;
  return { body: cashResult(delta, trx, { receipt_no: `R-${trx.slice(0, 4)}`, venue: 'Casino Norte' }) };
};

/** A withdraw of 8.00 EUR at Rocket 12, player 3, with a printed receipt, as the cash modal asks for it. */
const WITHDRAW = {
  cashierId: CASHIER,
  cashierName: 'Anna Cashier',
  deviceId: 12,
  deviceName: 'Rocket 12',
  deviceUuid: DEVICE_UUID,
  place: 3,
  kind: 'withdraw' as const,
  delta: -800,
  currency: 'EUR',
  remotePin: null,
  print: true,
};

/** The server's answers to the cash calls in turn (the last one repeats), and the hook in a fresh store. */
function setup(answers: StubRoute) {
  const api = stubApi({ [CASH]: answers });
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useCashCall(), { wrapper });
  const bodies = () => api.callsTo(CASH).map((c) => c.body as CashBody);
  return { store, call: () => result.current, bodies, toasts: () => store.getState().toasts.queue };
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('a success', () => {
  it('prints the same receipt and shows its toast whether the first send or a resend after a lost answer got it', async () => {
    let turn = 0;
    // The first operation is answered at once; the second's first answer is lost, its resend answered.
    const { store, call, bodies, toasts } = setup((request) =>
      turn++ === 1 ? { network: true } : success(request),
    );

    const first = await act(() => call().send(WITHDRAW));
    expect(first).toMatchObject({ kind: 'success' });
    const firstTrx = bodies()[0]!.trx;
    expect(toasts()).toContainEqual({
      id: `cash:${firstTrx}`,
      kind: 'success',
      key: 'cash:success.withdraw',
      params: { amount: '8.00 EUR' },
    });
    // The modal prints a first send's receipt in its own place: nothing waits for the till.
    expect(store.getState().unconfirmed.receipts).toEqual([]);

    const lost = await act(() => call().send(WITHDRAW));
    expect(lost).toMatchObject({ kind: 'undecided' });
    const trx = bodies()[1]!.trx;
    const resent = await act(() => call().resend(trx));
    expect(resent).toMatchObject({ kind: 'success' });
    // The resend carried the operation's own trx: the server moves the money once.
    expect(bodies().map((b) => b.trx)).toEqual([firstTrx, trx, trx]);
    // Confirmed later, wherever the cashier is by then: the toast names the device and the place.
    expect(toasts()).toContainEqual({
      id: `cash:${trx}`,
      kind: 'success',
      key: 'cash:unconfirmed.confirmed.withdraw',
      params: { amount: '8.00 EUR', device: 'Rocket 12', id: 12, place: 3 },
    });

    // The same receipt but for the operation's own numbers, printed by the till's notices.
    const receipt = first?.kind === 'success' ? first.receipt : null;
    expect(receipt).toMatchObject({
      kind: 'withdraw',
      venue: 'Casino Norte',
      receiptNumber: `R-${firstTrx.slice(0, 4)}`,
      trx: firstTrx,
      cashier: 'Anna Cashier',
      amount_cents: 800,
      currency: 'EUR',
      playerId: 3,
      deviceId: 12,
      deviceName: 'Rocket 12',
      remote: false,
    });
    expect(store.getState().unconfirmed.receipts).toEqual([
      { ...receipt, receiptNumber: `R-${trx.slice(0, 4)}`, trx },
    ]);
    expect(readOperations(CASHIER)).toEqual([]);
  });
});

describe('a first send', () => {
  it('takes a new trx each time and sends nothing more while one is on the wire', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { call, bodies } = setup(async (request) => {
      await held;
      return success(request);
    });

    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      // Two clicks in one frame.
      first = call().send(WITHDRAW);
      second = call().send(WITHDRAW);
    });
    expect(call().sending).toBe(true);
    release();
    await act(async () => {
      await first;
    });
    expect(await second).toBeNull();
    expect(call().sending).toBe(false);
    expect(bodies()).toHaveLength(1);

    await act(() => call().send(WITHDRAW));
    const [one, two] = bodies();
    expect(two!.trx).not.toBe(one!.trx);
  });

  it('says an unanswered operation is being checked, and its resend does not say it again', async () => {
    const { call, toasts } = setup({ network: true });
    const lost = await act(() => call().send(WITHDRAW));
    expect(lost).toMatchObject({ kind: 'undecided' });
    const trx = lost!.operation.trx;
    expect(toasts()).toEqual([
      {
        id: `cash:unconfirmed:${trx}`,
        kind: 'info',
        key: 'cash:unconfirmed.toast.withdraw',
        params: { amount: '8.00 EUR' },
      },
    ]);
    await act(() => call().resend(trx));
    expect(toasts()).toHaveLength(1);
    expect(readOperations(CASHIER)).toMatchObject([{ trx, attempts: 2, problem: 'network' }]);
  });

  it("ends with the refusal's own toast", async () => {
    const { call, toasts } = setup({
      status: 409,
      body: { err: ERR.overdraft, balance: 1000, overdraft: 50_000 },
    });
    const refused = await act(() => call().send(WITHDRAW));
    expect(refused).toMatchObject({ kind: 'refused' });
    expect(toasts()).toContainEqual(
      expect.objectContaining({ kind: 'error', key: 'errors:overdraft', params: { float: '510.00' } }),
    );
    expect(readOperations(CASHIER)).toEqual([]);
  });
});
