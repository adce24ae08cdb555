// The cash modal with a player the till serves (contract "Players"): who the operations are for, the
// `player_id` on each call (and on its resend), an excluded player's deposit stopped, a deposit past the
// limit refused with what is left (the form stays, the message stays until closed), and a payout that
// waits for the player's identity: the identity form, then the very same call again under its trx.
import { DOUBLE_CLICK_GUARD_MS, ERR } from '@cashdesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLOAT, ME, cashResult, makeDevice, makePlace } from '../../test/cash-fixtures';
import { renderWithProviders, type AppStore } from '../../test/render';
import { stubApi, type StubRoute } from '../../test/stub-api';
import { CashManageModal } from './cash-manage-modal';
import type { CashPlayer, IdentityFormProps } from './cash-player';
import { readOperations } from './unconfirmed/unconfirmed-storage';

const CASH = 'POST /api/v1/a/cashier/devices/12/place/3/update';

interface CashBody {
  delta: number;
  trx: string;
  player_id?: number;
  cash_out?: boolean;
}

const echo: StubRoute = ({ body }) => {
  const { delta, trx } = body as CashBody;
  return { body: cashResult(delta, trx) };
};

const MARIA: CashPlayer = {
  id: 41,
  card: 'A-1234',
  name: 'Maria Silva',
  excluded: false,
  excluded_until: null,
  limit_left: 150_00,
};

/** Stands in for the player feature's form: records nothing, says it did (or the cashier cancels). */
function FakeIdentityForm({ playerId, onSaved, onCancel }: IdentityFormProps) {
  return (
    <div>
      <p>Identity form of player {playerId}</p>
      <button type="button" onClick={onSaved}>
        Save identity
      </button>
      <button type="button" onClick={onCancel}>
        Cancel identity
      </button>
    </div>
  );
}

function setup({ player = MARIA, cash = echo }: { player?: CashPlayer | null; cash?: StubRoute } = {}) {
  const api = stubApi({
    'GET /api/v1/a/me': { body: ME },
    'GET /api/v1/a/cashier/account_balance': { body: FLOAT },
    'POST /api/v1/a/cashier/limit_report': { body: [] },
    [CASH]: cash,
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  const place = makePlace(12_345);
  const view = renderWithProviders(
    <CashManageModal
      device={makeDevice([place])}
      place={place}
      remotePin={null}
      player={player}
      IdentityForm={FakeIdentityForm}
      onClose={onClose}
    />,
  );
  const bodies = () => api.callsTo(CASH).map((call) => call.body as CashBody);
  return { ...api, ...view, onClose, user, bodies };
}

const action = (name: string) =>
  within(screen.getByRole('group', { name: 'Operations' })).getByRole('button', { name });
const amountInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: /Amount/ });
const toasts = (store: AppStore) => store.getState().toasts.queue;

async function passGuard() {
  await act(() => new Promise((resolve) => setTimeout(resolve, DOUBLE_CLICK_GUARD_MS + 30)));
}

async function deposit(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await screen.findByText('123.45 EUR');
  await user.type(amountInput(), amount);
  await user.click(action('Deposit'));
  await passGuard();
  await user.click(screen.getByRole('button', { name: 'Yes' }));
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the cash modal for a served player', () => {
  it('names the player and what is left of their limit, and sends their id with the deposit', async () => {
    const { user, bodies, onClose } = setup();
    expect(screen.getByText('For Maria Silva')).toBeTruthy();
    // With the currency once the float is in.
    await screen.findByText("150.00 EUR left of today's deposit limit");
    await deposit(user, '25');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies()).toEqual([{ delta: 25_00, trx: expect.any(String), player_id: 41 }]);
  });

  it('sends no player id when none is served, as the spec names the call', async () => {
    const { user, bodies, onClose } = setup({ player: null });
    expect(screen.queryByText(/^For /)).toBeNull();
    await deposit(user, '25');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies()).toEqual([{ delta: 25_00, trx: expect.any(String) }]);
  });

  it('keeps the player id on an operation left unconfirmed, so its resend is the same request', async () => {
    const { user, store } = setup({ cash: { network: true } });
    await deposit(user, '25');
    await waitFor(() => expect(readOperations(ME.id)).toHaveLength(1));
    expect(readOperations(ME.id)[0]).toMatchObject({ delta: 25_00, playerId: 41 });
    expect(store.getState().unconfirmed.operations[0]).toMatchObject({ playerId: 41 });
  });

  it('gives an excluded player no deposit, says until when, and still lets the cashier pay out', async () => {
    setup({ player: { ...MARIA, excluded: true, excluded_until: '2026-12-31' } });
    await screen.findByText('123.45 EUR');
    expect(screen.getByText('Excluded until 2026-12-31: no deposit can be given')).toBeTruthy();
    await userEvent.setup().type(amountInput(), '10');
    expect((action('Deposit') as HTMLButtonElement).disabled).toBe(true);
    expect((action('Withdraw') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Deposit 100.00' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the form open on a deposit past the limit, with what is left in a message that stays', async () => {
    const { user, store, onClose, bodies } = setup({
      cash: { status: 422, body: { err: ERR.depositLimit, left: 40_00 } },
    });
    await deposit(user, '50');
    await waitFor(() => expect(bodies()).toHaveLength(1));
    await waitFor(() =>
      expect(toasts(store)).toContainEqual(
        expect.objectContaining({ key: 'errors:depositLimit', params: { left: '40.00' }, sticky: true }),
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Operations' })).toBeTruthy();
  });

  it('asks for the identity a payout needs, then sends the same call again under its trx', async () => {
    let turn = 0;
    const { user, bodies, onClose, store } = setup({
      cash: (call) => (turn++ === 0 ? { status: 428, body: { err: ERR.identityRequired } } : echo(call)),
    });
    await screen.findByText('123.45 EUR');
    await user.type(amountInput(), '120');
    await user.click(action('Withdraw'));

    await screen.findByText('Identity form of player 41');
    expect(screen.getByRole('heading', { name: 'Identity required' })).toBeTruthy();
    expect(screen.getByText(/Paying 120.00 EUR takes this player past/)).toBeTruthy();
    // The form says it; the toast would only cover it.
    expect(toasts(store).some((toast) => toast.key === 'errors:identityRequired')).toBe(false);
    // Refused before the ledger: nothing is left unconfirmed meanwhile.
    expect(readOperations(ME.id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save identity' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [first, again] = bodies();
    expect(first).toEqual({ delta: -120_00, trx: expect.any(String), player_id: 41 });
    expect(again).toEqual(first);
    expect(toasts(store)).toContainEqual(expect.objectContaining({ key: 'cash:success.withdraw' }));
  });

  it('asks the identity of the player the answer names, when the till served none', async () => {
    const { user } = setup({
      player: null,
      cash: { status: 428, body: { err: ERR.identityRequired, player_id: 77 } },
    });
    await screen.findByText('123.45 EUR');
    await user.type(amountInput(), '120');
    await user.click(action('Withdraw'));
    await screen.findByText('Identity form of player 77');
  });

  it('closes with the message kept when the player is not known to the till', async () => {
    const { user, onClose, store } = setup({
      player: null,
      cash: { status: 428, body: { err: ERR.identityRequired } },
    });
    await screen.findByText('123.45 EUR');
    await user.type(amountInput(), '120');
    await user.click(action('Withdraw'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts(store)).toContainEqual(
      expect.objectContaining({ key: 'errors:identityRequired', sticky: true }),
    );
  });
});
