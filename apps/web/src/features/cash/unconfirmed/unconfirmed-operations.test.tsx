// The signed-in frame's resend of unconfirmed operations, as the cashier sees it: the list above the
// screen, resends on a backoff, at once after a reload, on reconnect and on "Check again", and the
// confirmation once the server answers; a payout held for a manager, and how it ended, kept until the
// cashier dismisses it.
import { ERR, POLL_INTERVAL_MS, POLL_WITH_PUSH_MS } from '@cashdesk/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveConnected, liveDisconnected, useLiveUpdates } from '../../live-updates';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderWithProviders } from '../../../test/render';
import { cashResult } from '../../../test/cash-fixtures';
import { stubApi, type StubAnswer, type StubRoute } from '../../../test/stub-api';
import { RESEND_DELAYS_MS } from './resend-schedule';
import { readOutcomes } from './held-outcomes-storage';
import { newOperation, type UnconfirmedOperation } from './unconfirmed-operation';
import { TillNotices, UnconfirmedOperations } from './unconfirmed-operations';
// The receipt's chunk, loaded before the tests run (with fake timers a first import would not settle).
import '../receipt';
import { readOperations, saveOperation, thisTab } from './unconfirmed-storage';

const CASH = 'POST /api/v1/a/cashier/devices/12/place/3/update';
const CASHIER = 7;
const TRX = 'trx-lost-answer';

/** The server: no answer while `down`, else the success of whatever was sent. */
function server() {
  const state = { down: true };
  const route: StubRoute = ({ body }) => {
    if (state.down) return { network: true } satisfies StubAnswer;
    const { delta, trx } = body as { delta: number; trx: string };
    return { body: cashResult(delta, trx) };
  };
  const api = stubApi({ [CASH]: route });
  return { state, ...api, sent: () => api.callsTo(CASH).map((c) => c.body) };
}

/** An operation as a page stored it: sent once, at `at`, by `sentBy`, its answer lost. */
function stored(over: Partial<UnconfirmedOperation> = {}): UnconfirmedOperation {
  return {
    ...newOperation(
      {
        trx: TRX,
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
      },
      Date.now(),
    ),
    attempts: 1,
    lastAttemptAt: Date.now(),
    sentBy: `${thisTab().tab}/${thisTab().page}`,
    problem: 'network',
    ...over,
  };
}

const list = () => screen.queryByRole('region', { name: 'Operations not confirmed yet' });
const heldList = () => screen.queryByRole('region', { name: "Payouts for a manager's approval" });
const toasts = (store: ReturnType<typeof renderWithProviders>['store']) => store.getState().toasts.queue;

/** Lets the fake clock run `ms` and every promise it releases settle. */
async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

// The list is a deferred part: loaded before the tests, as the frame preloads it at idle.
beforeAll(async () => {
  await TillNotices.preload();
});
beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('UnconfirmedOperations', () => {
  it('after a reload of this tab: lists the operation at once and sends it again by itself', async () => {
    const api = server();
    api.state.down = false;
    saveOperation(stored({ sentBy: `${thisTab().tab}/an-earlier-page`, problem: null }));
    const { store } = renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);

    const region = list();
    expect(region?.textContent).toContain('Not confirmed yet');
    expect(region?.textContent).toContain('Deposit 25.00 EUR');
    // The device by its name and its id: two devices may share a name.
    expect(region?.textContent).toContain('Rocket 12 · ID 12 · Player 3');
    expect(region?.textContent).toContain('The page was reloaded before the answer came.');

    await elapse(0);
    expect(api.sent()).toEqual([{ delta: 2500, trx: TRX }]);
    expect(list()).toBeNull();
    expect(readOperations(CASHIER)).toEqual([]);
    expect(toasts(store)).toContainEqual(
      expect.objectContaining({
        kind: 'success',
        key: 'cash:unconfirmed.confirmed.deposit',
        params: { amount: '25.00 EUR', device: 'Rocket 12', id: 12, place: 3 },
      }),
    );
  });

  it('prints the receipt of an operation confirmed later when the cashier chose printing', async () => {
    const print = vi.fn(() => window.dispatchEvent(new Event('afterprint')));
    vi.stubGlobal('print', print);
    const api = server();
    api.state.down = false;
    saveOperation(stored({ sentBy: `${thisTab().tab}/an-earlier-page`, print: true }));
    renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);
    // The receipt is a part loaded on its first render (its module is loaded already, at the top).
    for (let i = 0; i < 20 && !screen.queryByRole('article'); i++) await elapse(0);
    const receipt = screen.getByRole('article', { name: 'Deposit receipt' });
    expect(receipt.textContent).toContain(TRX);
    expect(receipt.textContent).toContain('Anna Cashier');
    expect(receipt.textContent).toContain('25.00 EUR');
    await elapse(10);
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('article', { name: 'Deposit receipt' })).toBeNull();
  });

  it('sends again on the backoff, never before, until the server answers', async () => {
    const api = server();
    saveOperation(stored());
    renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);
    expect(list()?.textContent).toContain('The answer did not arrive (connection lost).');

    await elapse(RESEND_DELAYS_MS[0]! - 100);
    expect(api.sent()).toHaveLength(0);
    await elapse(100);
    expect(api.sent()).toHaveLength(1);
    await elapse(RESEND_DELAYS_MS[1]! - 100);
    expect(api.sent()).toHaveLength(1);
    api.state.down = false;
    await elapse(100);
    expect(api.sent()).toEqual([
      { delta: 2500, trx: TRX },
      { delta: 2500, trx: TRX },
    ]);
    expect(list()).toBeNull();
    expect(readOperations(CASHIER)).toEqual([]);
  });

  it("shows the product's timeout text when the last attempt timed out", () => {
    server();
    saveOperation(stored({ problem: 'timeout' }));
    renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);
    expect(list()?.textContent).toContain('Operation timeout, contact technical support');
    expect(list()?.textContent).not.toMatch(/failed/i);
  });

  it('sends again at once when the browser is back online', async () => {
    const api = server();
    saveOperation(stored({ attempts: 5 }));
    renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);
    await elapse(1000);
    expect(api.sent()).toHaveLength(0);
    api.state.down = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await elapse(0);
    expect(api.sent()).toHaveLength(1);
    expect(list()).toBeNull();
  });

  it('sends again at once when the live-updates stream comes back', async () => {
    const api = server();
    saveOperation(stored({ attempts: 5 }));
    const { store } = renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);
    act(() => void store.dispatch(liveDisconnected()));
    await elapse(1000);
    expect(api.sent()).toHaveLength(0);
    api.state.down = false;
    act(() => void store.dispatch(liveConnected()));
    await elapse(0);
    expect(api.sent()).toHaveLength(1);
  });

  it('sends again at once on Check again, and keeps the operation while there is no answer', async () => {
    const api = server();
    saveOperation(stored({ attempts: 5 }));
    renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check again: Deposit 25.00 EUR, player 3' }));
    await elapse(0);
    expect(api.sent()).toHaveLength(1);
    expect(list()?.textContent).toContain('Deposit 25.00 EUR');
    expect(readOperations(CASHIER)).toMatchObject([{ trx: TRX, attempts: 6 }]);
  });

  it("leaves another tab's attempt time to end before sending it itself", async () => {
    const api = server();
    api.state.down = false;
    saveOperation(stored({ sentBy: 'another-tab/its-page', problem: null }));
    renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);
    await elapse(10_000);
    expect(api.sent()).toHaveLength(0);
    await elapse(15_000);
    expect(api.sent()).toHaveLength(1);
  });

  it("shows and sends only the signed-in cashier's operations", async () => {
    const api = server();
    saveOperation(stored({ cashierId: 8 }));
    renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);
    expect(list()).toBeNull();
    await elapse(120_000);
    expect(api.sent()).toHaveLength(0);
    expect(readOperations(8)).toHaveLength(1);
  });
});

describe('a payout held for a manager (four eyes), beside the live-updates stream', () => {
  /** The server: the payout still waits for the manager, whatever is asked. */
  function waitingServer() {
    const api = stubApi({
      [CASH]: ({ body }) => ({
        status: 202,
        body: { status: 'pending', approval_id: 'ap-1', trx: (body as { trx: string }).trx },
      }),
    });
    return { ...api, sent: () => api.callsTo(CASH).length };
  }

  // The device list is not on this screen: the payments a message carries go nowhere.
  const patchNothing = () => () => undefined;
  function Frame() {
    useLiveUpdates(patchNothing);
    return <UnconfirmedOperations cashierId={CASHIER} />;
  }

  const held = () =>
    stored({ kind: 'withdraw', delta: -300_00, problem: 'approval', approvalId: 'ap-1', attempts: 1 });

  it("is not asked again by a burst of the device's other changes; once by a change of the approvals", async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = waitingServer();
    saveOperation(held());
    renderWithProviders(<Frame />);
    const stream = FakeEventSource.opened[0]!;
    stream.emit('hello', '{"hash":"abc"}');
    await elapse(0);
    // The stream's opening asks every open operation once (the server answers again).
    const opened = api.sent();
    expect(opened).toBe(1);

    // A cabinet playing on device 12: a change naming it every second, and float moves besides.
    for (let second = 0; second < 12; second++) {
      stream.emit('change', '{"float":false,"devices":[12]}');
      stream.emit('change', '{"float":true,"devices":[12,13]}');
      await elapse(1000);
    }
    expect(api.sent()).toBe(opened);

    // The manager decided (or the request was filed elsewhere): pushed as a change of the approvals.
    stream.emit('change', '{"float":false,"devices":[12],"approvals":true}');
    await elapse(0);
    expect(api.sent()).toBe(opened + 1);
    // A change of the approvals on another device leaves it alone.
    stream.emit('change', '{"float":false,"devices":[13],"approvals":true}');
    await elapse(0);
    expect(api.sent()).toBe(opened + 1);
    // In the payouts' own list, not among the operations not confirmed yet.
    expect(heldList()?.textContent).toContain('Waiting for a manager');
    expect(heldList()?.textContent).toContain('Withdraw 300.00 EUR');
    expect(heldList()?.textContent).toContain('Rocket 12 · ID 12 · Player 3');
    expect(list()).toBeNull();
  });

  it('is asked again on its own every poll period: 15 s while the stream is open, 5 s without it', async () => {
    const api = waitingServer();
    saveOperation(held());
    const { store } = renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);
    await elapse(POLL_INTERVAL_MS - 100);
    expect(api.sent()).toBe(0);
    await elapse(100);
    expect(api.sent()).toBe(1);
    await elapse(POLL_INTERVAL_MS);
    expect(api.sent()).toBe(2);

    act(() => void store.dispatch(liveConnected()));
    await elapse(0);
    const afterReconnect = api.sent(); // the stream's opening asked once more
    await elapse(POLL_WITH_PUSH_MS - 100);
    expect(api.sent()).toBe(afterReconnect);
    await elapse(100);
    expect(api.sent()).toBe(afterReconnect + 1);
  });
});

describe('how a payout held for a manager ended, kept until the cashier dismisses it', () => {
  const held = () =>
    stored({ kind: 'withdraw', delta: -300_00, problem: 'approval', approvalId: 'ap-1', attempts: 1 });
  const dismiss = () => screen.getByRole('button', { name: /^Dismiss: / });

  /** The held payout is asked again (Check again) and the server answers `answer`. */
  async function decided(answer: StubAnswer) {
    stubApi({ [CASH]: () => answer });
    saveOperation(held());
    const rendered = renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check again: Withdraw 300.00 EUR, player 3' }));
    await elapse(0);
    return rendered;
  }

  it('approved: says to hand over the cash, with the device id, the seat and the amount, after a reload too', async () => {
    const { unmount } = await decided({ body: cashResult(-300_00, TRX) });
    const panel = heldList()!;
    expect(panel.textContent).toContain('Approved: hand the player 300.00 EUR');
    expect(panel.textContent).toContain('Withdraw 300.00 EUR');
    expect(panel.textContent).toContain('Rocket 12 · ID 12 · Player 3');
    expect(panel.textContent).not.toContain('Waiting for a manager');
    // Long after any toast is gone, and after a reload of the page, it is still there.
    await elapse(60_000);
    unmount();
    renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);
    expect(heldList()?.textContent).toContain('Approved: hand the player 300.00 EUR');

    fireEvent.click(dismiss());
    expect(heldList()).toBeNull();
    expect(readOutcomes(CASHIER)).toEqual([]);
  });

  it("declined: says not to pay, and the manager's reason", async () => {
    await decided({ status: 403, body: { err: ERR.approvalDeclined, reason: 'no cash in the drawer' } });
    const panel = heldList()!;
    expect(panel.textContent).toContain('Declined by a manager: do not pay');
    expect(panel.textContent).toContain('Reason: no cash in the drawer');
    expect(panel.textContent).toContain('Rocket 12 · ID 12 · Player 3');
    expect(readOutcomes(CASHIER)).toMatchObject([{ kind: 'declined', reason: 'no cash in the drawer' }]);
  });

  it.each([
    [ERR.approvalExpired, 403, 'No manager decided within 10 minutes: do not pay'],
    [ERR.approvalWithdrawn, 403, 'Request withdrawn: do not pay'],
    [ERR.notEnoughMoney, 422, "Sorry, player's balance isn't enough for this operation"],
  ] as const)('ended by %s: says not to pay, and why', async (err, status, text) => {
    await decided({ status, body: { err } });
    expect(heldList()?.textContent).toContain(text);
    expect(heldList()?.textContent).not.toContain('hand the player');
  });

  it('leaves no outcome for an operation that was never held', async () => {
    stubApi({ [CASH]: () => ({ body: cashResult(2500, TRX) }) });
    saveOperation(stored({ attempts: 5 }));
    renderWithProviders(<UnconfirmedOperations cashierId={CASHIER} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check again: Deposit 25.00 EUR, player 3' }));
    await elapse(0);
    expect(heldList()).toBeNull();
    expect(readOutcomes(CASHIER)).toEqual([]);
  });
});
