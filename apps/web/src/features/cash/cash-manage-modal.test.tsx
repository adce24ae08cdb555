import {
  CASH_CALL_TIMEOUT_MS,
  DOUBLE_CLICK_GUARD_MS,
  ERR,
  UNDER_AGE_COUNTDOWN_S,
  type Place,
} from '@cashdesk/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppStore, type RootState, renderWithProviders } from '../../test/render';
import { CashManageModal } from './cash-manage-modal';
import { LATE_ANSWER_HINT_MS } from './components/cash-form';
import { PRINT_RECEIPT_STORAGE_KEY } from './print-preference';
import { FLOAT, ME, cashResult, makeDevice, makePlace, reportEntry } from '../../test/cash-fixtures';
import { CORRECTED_PAIR } from '../../test/correction-rows';
import { stubApi, type StubRoute } from '../../test/stub-api';
import { newOperation, type UnconfirmedOperation } from './unconfirmed/unconfirmed-operation';
import { readOperations } from './unconfirmed/unconfirmed-storage';

const CASH = 'POST /api/v1/a/cashier/devices/12/place/3/update';
const REMOTE_CASH = 'POST /api/v1/a/cashier/devices/remote/12/place/3/update';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface CashBody {
  delta: number;
  trx: string;
  pin_code?: string;
}

/** The server's success answer to whatever was sent. */
const echo: StubRoute = ({ body }) => {
  const { delta, trx } = body as CashBody;
  return { body: cashResult(delta, trx) };
};

function setup({
  place = makePlace(12_345),
  float = FLOAT,
  remotePin = null,
  routes = {},
  preloadedState,
}: {
  place?: Place;
  float?: typeof FLOAT;
  remotePin?: string | null;
  routes?: Record<string, StubRoute>;
  preloadedState?: Partial<RootState>;
} = {}) {
  const api = stubApi({
    'GET /api/v1/a/me': { body: ME },
    'GET /api/v1/a/cashier/account_balance': { body: float },
    'POST /api/v1/a/cashier/limit_report': { body: [] },
    [CASH]: echo,
    [REMOTE_CASH]: echo,
    ...routes,
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  const view = renderWithProviders(
    <CashManageModal device={makeDevice([place])} place={place} remotePin={remotePin} onClose={onClose} />,
    { preloadedState },
  );
  return { ...api, ...view, onClose, user };
}

const action = (name: string) =>
  within(screen.getByRole('group', { name: 'Operations' })).getByRole('button', { name });
const amountInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: /Amount/ });
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const toasts = (store: AppStore) => store.getState().toasts.queue;

/** The confirm buttons ignore clicks in the first DOUBLE_CLICK_GUARD_MS after their step appears. */
async function passGuard() {
  await act(() => new Promise((resolve) => setTimeout(resolve, DOUBLE_CLICK_GUARD_MS + 30)));
}

/** Waits until the float has loaded (the light block and currency come from it). */
async function floatLoaded() {
  await screen.findByText('123.45 EUR');
}

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('deposit', () => {
  it('asks whether the customer is over 18 and sends a positive delta on Yes', async () => {
    const { user, callsTo, onClose, store } = setup();
    await floatLoaded();
    await user.type(amountInput(), '25.50');
    await user.click(action('Deposit'));

    expect(screen.getByText('Is the customer over 18?')).toBeTruthy();
    expect(screen.getByText('Deposit 25.50 EUR to player 3')).toBeTruthy();
    expect(callsTo(CASH)).toHaveLength(0);

    await passGuard();
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [call] = callsTo(CASH);
    expect(call?.body).toEqual({ delta: 2550, trx: expect.stringMatching(UUID) });
    expect(toasts(store)).toContainEqual(
      expect.objectContaining({
        kind: 'success',
        key: 'cash:success.deposit',
        params: { amount: '25.50 EUR' },
      }),
    );
  });

  it('refuses a customer under 18: a message, a 5 s countdown, then the modal closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo, onClose } = setup();
    await floatLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit 100.00' }));
    act(() => vi.advanceTimersByTime(DOUBLE_CLICK_GUARD_MS + 10));
    fireEvent.click(screen.getByRole('button', { name: 'No' }));

    expect(screen.getByRole('alert').textContent).toContain(
      'Deposits for customers under 18 are not allowed.',
    );
    expect(screen.getByText(`This window closes in ${UNDER_AGE_COUNTDOWN_S} s.`)).toBeTruthy();
    act(() => vi.advanceTimersByTime((UNDER_AGE_COUNTDOWN_S - 1) * 1000));
    expect(screen.getByText('This window closes in 1 s.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(callsTo(CASH)).toHaveLength(0);
  });

  it('ignores a click on Yes in the first 300 ms (the second click of a double click)', async () => {
    const { user, callsTo } = setup();
    await floatLoaded();
    await user.click(screen.getByRole('button', { name: 'Deposit 10.00' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(callsTo(CASH)).toHaveLength(0);
    expect(screen.getByText('Is the customer over 18?')).toBeTruthy();
  });

  it('sends once on a double click on Yes', async () => {
    const { user, callsTo, onClose } = setup();
    await floatLoaded();
    await user.click(screen.getByRole('button', { name: 'Deposit 50.00' }));
    await passGuard();
    await user.dblClick(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(CASH)).toHaveLength(1);
    expect(callsTo(CASH)[0]?.body).toMatchObject({ delta: 5000 });
  });

  it('sends once when Enter is pressed twice in the adult step', async () => {
    const { user, callsTo, onClose } = setup();
    await floatLoaded();
    await user.type(amountInput(), '7');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes' }));
    await passGuard();
    await user.keyboard('{Enter}{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(CASH)).toHaveLength(1);
    expect(callsTo(CASH)[0]?.body).toMatchObject({ delta: 700 });
  });
});

describe('withdraw and cash out', () => {
  it('sends a negative delta at once when there is no final bonus', async () => {
    const { user, callsTo, onClose, store } = setup();
    await floatLoaded();
    await user.type(amountInput(), '19.99');
    await user.click(action('Withdraw'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(CASH)[0]?.body).toEqual({ delta: -1999, trx: expect.stringMatching(UUID) });
    expect(toasts(store)).toContainEqual(
      expect.objectContaining({ key: 'cash:success.withdraw', params: { amount: '19.99 EUR' } }),
    );
  });

  it('confirms a withdraw that burns the final bonus, naming amount, place and bonus; Cancel returns', async () => {
    const { user, callsTo, onClose } = setup({ place: makePlace(12_345, 500) });
    await floatLoaded();
    await user.type(amountInput(), '20');
    await user.click(action('Withdraw'));

    const dialog = screen.getByRole('dialog', { name: 'Final bonus will burn' });
    expect(dialog.textContent).toContain('Withdraw 20.00 EUR from player 3?');
    expect(dialog.textContent).toContain('The final bonus of 5.00 EUR will burn');
    await passGuard();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('dialog', { name: 'Player 3' })).toBeTruthy();
    expect(amountInput().value).toBe('20');
    expect(callsTo(CASH)).toHaveLength(0);

    await user.click(action('Withdraw'));
    await passGuard();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(CASH)[0]?.body).toMatchObject({ delta: -2000 });
  });

  it('cashes out the whole balance: delta = -entries, whatever was typed, with the cash_out flag', async () => {
    // The server took what the seat held when it booked the call: a bet had left 100.00 of the 123.45.
    const { user, callsTo, onClose, store } = setup({
      routes: { [CASH]: ({ body }) => ({ body: cashResult(-100_00, (body as CashBody).trx) }) },
    });
    await floatLoaded();
    await user.type(amountInput(), '5');
    await user.click(action('Cash out'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(CASH)[0]?.body).toEqual({
      delta: -12_345,
      trx: expect.stringMatching(UUID),
      cash_out: true,
    });
    expect(toasts(store)).toContainEqual(
      expect.objectContaining({ key: 'cash:success.cashOut', params: { amount: '100.00 EUR' } }),
    );
  });

  it('fills the amount with the balance and confirms a cash-out with a final bonus', async () => {
    const { user, callsTo } = setup({ place: makePlace(12_345, 250) });
    await floatLoaded();
    await user.click(action('Cash out'));
    expect(screen.getByRole('dialog').textContent).toContain('Cash out 123.45 EUR from player 3?');
    expect(screen.getByRole('dialog').textContent).toContain('The final bonus of 2.50 EUR will burn');
    await passGuard();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(amountInput().value).toBe('123.45');
    expect(callsTo(CASH)).toHaveLength(0);
  });

  it('withdraws a quick amount in withdraw mode', async () => {
    const { user, callsTo, onClose } = setup();
    await floatLoaded();
    await user.click(screen.getByRole('button', { name: 'Withdraw', pressed: false }));
    await user.click(screen.getByRole('button', { name: 'Withdraw 50.00' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(CASH)[0]?.body).toMatchObject({ delta: -5000 });
  });
});

describe('disable rules', () => {
  it('disables Deposit and Withdraw while the amount is 0', async () => {
    setup();
    await floatLoaded();
    expect(isDisabled(action('Deposit'))).toBe(true);
    expect(isDisabled(action('Withdraw'))).toBe(true);
    expect(isDisabled(action('Cash out'))).toBe(false);
  });

  it('disables Withdraw above the place balance, by a cent', async () => {
    const { user } = setup({ place: makePlace(5000) });
    await screen.findByText('50.00 EUR');
    await user.type(amountInput(), '50');
    expect(isDisabled(action('Withdraw'))).toBe(false);
    await user.type(amountInput(), '.01');
    expect(isDisabled(action('Withdraw'))).toBe(true);
    expect(isDisabled(action('Deposit'))).toBe(false);
  });

  it('disables Deposit and the deposit quick amounts under a light block', async () => {
    const { user } = setup({ float: { ...FLOAT, is_light_block_home_play: true } });
    await floatLoaded();
    await user.type(amountInput(), '10');
    await waitFor(() => expect(isDisabled(action('Deposit'))).toBe(true));
    expect(isDisabled(action('Withdraw'))).toBe(false);
    for (const amount of ['100.00', '50.00', '20.00', '10.00']) {
      expect(isDisabled(screen.getByRole('button', { name: `Deposit ${amount}` }))).toBe(true);
    }
  });

  it('disables every operation under a hard block and says why', async () => {
    const { user } = setup({ float: { ...FLOAT, is_hard_block_home_play: true } });
    await floatLoaded();
    await screen.findByText('This venue is blocked: no cash operation is possible.');
    await user.type(amountInput(), '10');
    for (const name of ['Deposit', 'Withdraw', 'Cash out']) expect(isDisabled(action(name))).toBe(true);
    for (const amount of ['100.00', '50.00', '20.00', '10.00']) {
      expect(isDisabled(screen.getByRole('button', { name: `Deposit ${amount}` }))).toBe(true);
    }
  });

  it('disables the withdraw toggle below a balance of 10', async () => {
    setup({ place: makePlace(999) });
    await screen.findByText('9.99 EUR');
    expect(isDisabled(screen.getByRole('button', { name: 'Withdraw', pressed: false }))).toBe(true);
  });

  it('disables the quick withdraw amounts above the balance', async () => {
    const { user } = setup({ place: makePlace(5000) });
    await screen.findByText('50.00 EUR');
    await user.click(screen.getByRole('button', { name: 'Withdraw', pressed: false }));
    expect(isDisabled(screen.getByRole('button', { name: 'Withdraw 100.00' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Withdraw 50.00' }))).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: 'Withdraw 10.00' }))).toBe(false);
  });

  it('disables Cash out on an empty place', async () => {
    setup({ place: makePlace(0) });
    await screen.findByText('0.00 EUR', { selector: '.cash-summary__balance' });
    expect(isDisabled(action('Cash out'))).toBe(true);
  });
});

describe('amount entry', () => {
  it('fills the amount from the numpad', async () => {
    const { user } = setup();
    const pad = screen.getByRole('group', { name: 'Numpad' });
    for (const key of ['.', '2', '9']) await user.click(within(pad).getByRole('button', { name: key }));
    expect(amountInput().value).toBe('0.29');
    await user.click(within(pad).getByRole('button', { name: 'Delete last digit' }));
    expect(amountInput().value).toBe('0.2');
  });

  it('applies the same rules to typing on wide screens', async () => {
    const { user } = setup();
    expect(amountInput().readOnly).toBe(false);
    await user.type(amountInput(), '1.005');
    expect(amountInput().value).toBe('1.00');
  });

  it('is read-only and filled by the numpad under 768 px, physical keys included', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === '(max-width: 767px)',
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    const { user } = setup();
    expect(amountInput().readOnly).toBe(true);
    await user.keyboard('12.345');
    expect(amountInput().value).toBe('12.34');
    await user.keyboard('{Backspace}');
    expect(amountInput().value).toBe('12.3');
  });
});

describe('retries', () => {
  it('resends the same trx after a 500', async () => {
    let attempt = 0;
    const { user, callsTo, onClose } = setup({
      routes: {
        [CASH]: ({ body }) => {
          attempt += 1;
          if (attempt === 1) return { status: 500, body: { err: ERR.internal } };
          const { delta, trx } = body as CashBody;
          return { body: cashResult(delta, trx) };
        },
      },
    });
    await floatLoaded();
    await user.type(amountInput(), '3');
    await user.click(action('Withdraw'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 3000 });
    const bodies = callsTo(CASH).map((c) => c.body as CashBody);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.trx).toMatch(UUID);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('makes a new trx for a new action', async () => {
    const { user, callsTo } = setup({
      routes: { [CASH]: { status: 422, body: { err: ERR.minAmount, min_amount: 500 } } },
    });
    await floatLoaded();
    await user.type(amountInput(), '1');
    await user.click(action('Withdraw'));
    await waitFor(() => expect(callsTo(CASH)).toHaveLength(1));
    await waitFor(() => expect(isDisabled(amountInput())).toBe(false));
    await user.type(amountInput(), '2');
    await user.click(action('Withdraw'));
    await waitFor(() => expect(callsTo(CASH)).toHaveLength(2));
    const [first, second] = callsTo(CASH).map((c) => (c.body as CashBody).trx);
    expect(first).not.toBe(second);
  });
});

describe('errors (docs/product.md section 8)', () => {
  async function withdrawAndFail(answer: StubRoute, remotePin: string | null = null) {
    const ctx = setup({ remotePin, routes: { [CASH]: answer, [REMOTE_CASH]: answer } });
    await floatLoaded();
    await ctx.user.type(amountInput(), '10');
    await ctx.user.click(action('Withdraw'));
    await waitFor(() => expect(ctx.callsTo(remotePin ? REMOTE_CASH : CASH)).toHaveLength(1));
    await waitFor(() => expect(toasts(ctx.store).some((t) => t.kind === 'error')).toBe(true));
    return ctx;
  }

  it('min amount: toast with the limit, the form resets, the modal stays open', async () => {
    const { store, onClose } = await withdrawAndFail({
      status: 422,
      body: { err: ERR.minAmount, min_amount: 2000 },
    });
    expect(toasts(store)).toContainEqual(
      expect.objectContaining({ key: 'errors:minAmount', params: { amount: '20.00' } }),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(amountInput().value).toBe('');
  });

  it('max amount: toast with the limit, the modal stays open', async () => {
    const { store, onClose } = await withdrawAndFail({
      status: 422,
      body: { err: ERR.maxAmount, max_amount: 500 },
    });
    expect(toasts(store)).toContainEqual(
      expect.objectContaining({ key: 'errors:maxAmount', params: { amount: '5.00' } }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('409 overdraft: a toast naming the float as the bar shows it, kept until closed; the modal stays open', async () => {
    const { store, onClose } = await withdrawAndFail({
      status: 409,
      body: { err: ERR.overdraft, balance: 1000, overdraft: 50_000 },
    });
    expect(toasts(store)).toContainEqual(
      expect.objectContaining({ key: 'errors:overdraft', params: { float: '510.00' }, sticky: true }),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(amountInput().value).toBe('');
  });

  it('not enough money: toast, the modal closes and the device is fetched again', async () => {
    const { store, onClose } = await withdrawAndFail({ status: 422, body: { err: ERR.notEnoughMoney } });
    expect(toasts(store)).toContainEqual(expect.objectContaining({ key: 'errors:notEnoughMoney' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('light block: toast and the form closes', async () => {
    const { store, onClose } = await withdrawAndFail(
      { status: 403, body: { err: ERR.lightBlock } },
      '123456',
    );
    expect(toasts(store)).toContainEqual(expect.objectContaining({ key: 'errors:lightBlockAccount' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('406 on a remote device: another-cashier toast and close', async () => {
    const { store, onClose } = await withdrawAndFail(
      { status: 406, body: { err: ERR.pinChanged } },
      '123456',
    );
    expect(toasts(store)).toContainEqual(expect.objectContaining({ key: 'errors:anotherCashier' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('remote variant', () => {
  it('shows the PIN and sends it as pin_code to the remote route', async () => {
    const { user, callsTo, onClose } = setup({ remotePin: '654321' });
    expect(screen.getByText('Remote device · PIN ••••21')).toBeTruthy();
    await floatLoaded();
    await user.type(amountInput(), '4');
    await user.click(action('Withdraw'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(CASH)).toHaveLength(0);
    expect(callsTo(REMOTE_CASH)[0]?.body).toEqual({
      delta: -400,
      trx: expect.stringMatching(UUID),
      pin_code: '654321',
    });
  });
});

describe('receipt', () => {
  it('remembers the print choice and prints the receipt after a successful operation', async () => {
    const print = vi.fn(() => window.dispatchEvent(new Event('afterprint')));
    vi.stubGlobal('print', print);
    const { user, onClose, callsTo } = setup();
    await floatLoaded();
    await user.click(screen.getByRole('switch', { name: 'Print receipt' }));
    expect(window.localStorage.getItem(PRINT_RECEIPT_STORAGE_KEY)).toBe('1');
    await user.type(amountInput(), '8');
    await user.click(action('Withdraw'));

    const receipt = await screen.findByRole('article', { name: 'Withdrawal receipt' });
    const trx = (callsTo(CASH)[0]?.body as CashBody).trx;
    expect(receipt.textContent).toContain(trx);
    expect(receipt.textContent).toContain('Anna Cashier');
    expect(receipt.textContent).toContain('8.00 EUR');
    expect(receipt.closest('.receipt-print')?.parentElement).toBe(document.body);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
  });

  it('starts with the remembered choice', () => {
    window.localStorage.setItem(PRINT_RECEIPT_STORAGE_KEY, '1');
    setup();
    expect(screen.getByRole('switch', { name: 'Print receipt' }).getAttribute('aria-checked')).toBe('true');
  });
});

describe('last operations', () => {
  it('shows the first 16 of the 20 fetched, other cashiers marked', async () => {
    const entries = Array.from({ length: 20 }, (_, i) =>
      reportEntry({
        trx: `trx-${String(i).padStart(8, '0')}`,
        user_idx: i === 0 ? 99 : ME.id,
        user_name: i === 0 ? 'Bruno' : ME.name,
        data: i % 2 ? { total_in: 0, total_out: 1500 } : { total_in: 5000, total_out: 0 },
      }),
    );
    const { callsTo } = setup({ routes: { 'POST /api/v1/a/cashier/limit_report': { body: entries } } });
    const table = await screen.findByRole('table', { name: 'Last operations' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 16);
    expect(within(table).getByText('Bruno')).toBeTruthy();
    expect(within(table).getByText('(other cashier)')).toBeTruthy();
    expect(within(table).getAllByText('+50.00').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('−15.00').length).toBeGreaterThan(0);
    expect(callsTo('POST /api/v1/a/cashier/limit_report')[0]?.body).toEqual({
      device_ids: [12],
      limit: 20,
      placeId: 3,
      remote: true,
    });
  });
});

describe("a manager's correction in the last operations", () => {
  it("reads as a correction of the operation it reverses, not as another cashier's withdraw", async () => {
    setup({ routes: { 'POST /api/v1/a/cashier/limit_report': { body: CORRECTED_PAIR } } });
    const table = await screen.findByRole('table', { name: 'Last operations' });
    const [, correction, original] = within(table).getAllByRole('row');
    expect(
      within(correction!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.any(String), 'CorrectionCorrects 3f2a…0001 · wrong seat', '−50.00', 'Maria Manager']);
    expect(correction!.textContent).not.toContain('other cashier');
    expect(original!.textContent).toContain('Corrected by b71e…0002 · wrong seat');
  });
});

describe('keyboard', () => {
  it('takes digits from the keyboard after the print switch was pressed', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('switch', { name: 'Print receipt' }));
    await user.keyboard('42.5');
    expect(amountInput().value).toBe('42.5');
  });

  it('closes with Escape', async () => {
    const { user, onClose } = setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('a lost answer (unconfirmed)', () => {
  const quick = (name: string) => screen.getByRole('button', { name });

  it('keeps the modal with the operation "not confirmed yet", never a failure, and blocks the place', async () => {
    const { user, store, onClose, callsTo } = setup({ routes: { [CASH]: { network: true } } });
    await floatLoaded();
    await user.type(amountInput(), '10');
    await user.click(action('Withdraw'));

    const notice = await screen.findByText('Not confirmed yet');
    const text = notice.closest('.unconfirmed-notice')?.textContent ?? '';
    expect(text).toContain('Withdraw 10.00 EUR');
    expect(text).toContain('The answer did not arrive (connection lost).');
    expect(text).toContain('New operations on this player wait until it is confirmed.');
    expect(onClose).not.toHaveBeenCalled();
    // No operation can start on this place: the three actions and the quick amounts are off.
    await user.type(amountInput(), '5');
    for (const name of ['Deposit', 'Withdraw', 'Cash out']) expect(isDisabled(action(name))).toBe(true);
    expect(isDisabled(quick('Deposit 100.00'))).toBe(true);
    // The cashier is told to wait, not that it failed.
    expect(toasts(store).map((t) => t.kind)).toEqual(['info']);
    expect(toasts(store)[0]).toMatchObject({
      key: 'cash:unconfirmed.toast.withdraw',
      params: { amount: '10.00 EUR' },
    });
    // The trx that went out is the one kept for the resend.
    const sent = callsTo(CASH)[0]?.body as CashBody;
    expect(readOperations(ME.id)).toMatchObject([{ trx: sent.trx, delta: -1000, place: 3, deviceId: 12 }]);
  });

  it("times out after CASH_CALL_TIMEOUT_MS and shows the product's timeout text in the unconfirmed state", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { store } = setup({ routes: { [CASH]: { hang: true } } });
    await floatLoaded();
    fireEvent.click(action('Cash out'));
    expect(await screen.findByText('Processing…')).toBeTruthy();
    // After a few seconds the wait is explained: the answer is late, the operation is kept.
    const late = /The answer is late\. The operation is kept: do not repeat it/;
    await act(() => vi.advanceTimersByTimeAsync(LATE_ANSWER_HINT_MS - 100));
    expect(screen.queryByText(late)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status').textContent).toMatch(late);
    await act(() => vi.advanceTimersByTimeAsync(CASH_CALL_TIMEOUT_MS - LATE_ANSWER_HINT_MS - 1000));
    expect(screen.queryByText('Not confirmed yet')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const notice = (await screen.findByText('Not confirmed yet')).closest('.unconfirmed-notice');
    expect(notice?.textContent).toContain('Cash out 123.45 EUR');
    expect(notice?.textContent).toContain('Operation timeout, contact technical support');
    expect(toasts(store).some((t) => t.kind === 'error')).toBe(false);
    expect(readOperations(ME.id)).toMatchObject([{ delta: -12_345, problem: 'timeout' }]);
  });

  it('opens blocked on a place with an unconfirmed operation; other places stay usable', async () => {
    const open: UnconfirmedOperation = {
      ...newOperation({
        trx: 'trx-open',
        cashierId: ME.id,
        cashierName: ME.name,
        deviceId: 12,
        deviceName: 'Rocket 12',
        deviceUuid: 'x',
        place: 3,
        kind: 'deposit',
        delta: 2000,
        currency: 'EUR',
        remotePin: null,
        print: false,
      }),
      attempts: 1,
      lastAttemptAt: Date.now(),
      problem: 'server',
    };
    const unconfirmed = { cashierId: ME.id, operations: [open], sending: [], receipts: [], outcomes: [] };
    setup({ preloadedState: { unconfirmed } });
    await floatLoaded();
    expect(screen.getByText('Not confirmed yet')).toBeTruthy();
    expect(isDisabled(action('Cash out'))).toBe(true);
    expect(isDisabled(quick('Deposit 50.00'))).toBe(true);
    cleanup();
    vi.unstubAllGlobals();

    setup({ place: makePlace(12_345, 0, 4), preloadedState: { unconfirmed } });
    await screen.findByText('123.45 EUR');
    expect(screen.queryByText('Not confirmed yet')).toBeNull();
    expect(isDisabled(action('Cash out'))).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: 'Deposit 50.00' }))).toBe(false);
  });
});
