// The player card at the till against a stubbed server: a card read by its typed number shows the player
// (excluded and until when, today's figures, what is left of the limit, the seats and their total); an
// unknown card is registered; the cashier serves the player, raises their limit (in force later, said so)
// and moves money between two seats, reading both balances after.
import { ERR, type Device, type PlayerAtTill } from '@cashdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDevice, makeFloat } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { stubApi, type StubRoutes } from '../../test/stub-api';
import { PlayerCardModal } from './player-card-modal';

const BY_CARD = (card: string) => `GET /api/v1/a/cashier/players/by_card/${card}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const DEVICES: Device[] = [
  makeDevice({ id: 12, name: 'Rocket 12', players: 4 }),
  makeDevice({ id: 14, name: 'Fruit 14', players: 2 }),
];

function maria(over: Partial<PlayerAtTill> = {}): PlayerAtTill {
  return {
    id: 41,
    account_id: 1,
    card: 'A-1234',
    name: 'Maria Silva',
    document_kind: 'passport',
    document_number: 'X1234567',
    birth_date: '1980-02-03',
    daily_limit: 500_00,
    limit_raise: null,
    excluded_until: null,
    excluded: false,
    created_at: '2026-11-01T10:00:00.000Z',
    today: { cash_in: 350_00, cash_out: 20_00 },
    limit_left: 150_00,
    seats: [
      { device_id: 12, place: 1, entries: 80_00 },
      { device_id: 14, place: 2, entries: 45_50 },
    ],
    ...over,
  };
}

function setup(routes: StubRoutes, card: string | null = null) {
  const api = stubApi({
    'GET /api/v1/a/cashier/account_balance': { body: makeFloat({ currency: 'EUR' }) },
    ...routes,
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  const view = renderWithProviders(<PlayerCardModal devices={DEVICES} card={card} onClose={onClose} />);
  return { ...api, ...view, onClose, user };
}

async function readCard(user: ReturnType<typeof userEvent.setup>, card: string) {
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), card);
  await user.click(screen.getByRole('button', { name: 'Read card' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('reading a card', () => {
  it('shows the player: figures of today, what is left of the limit, the seats and their total', async () => {
    const { user } = setup({ [BY_CARD('A-1234')]: { body: maria() } });
    await readCard(user, ' A-1234 ');
    await screen.findByRole('heading', { name: 'Maria Silva' });
    const card = screen.getByRole('region', { name: 'Player' });
    const figure = (term: string) => within(card).getByText(term).nextElementSibling?.textContent;
    expect(figure('Card')).toBe('A-1234');
    expect(figure('Document')).toBe('Passport X1234567');
    expect(figure('Cash in today')).toBe('350.00 EUR');
    expect(figure('Cash out today')).toBe('20.00 EUR');
    expect(figure('Left of the daily limit')).toBe('150.00 EUR');
    expect(figure('Daily limit')).toBe('500.00 EUR');
    const rows = within(card)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'SeatBalance',
      'Rocket 12 · ID 12, player 180.00 EUR',
      'Fruit 14 · ID 14, player 245.50 EUR',
      'Total125.50 EUR',
    ]);
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('says an excluded player is excluded, until when, and that no deposit can be given', async () => {
    const { user } = setup({
      [BY_CARD('B-77')]: { body: maria({ card: 'B-77', excluded: true, excluded_until: '2026-12-31' }) },
      [BY_CARD('C-88')]: { body: maria({ card: 'C-88', name: null, excluded: true, excluded_until: null }) },
    });
    await readCard(user, 'B-77');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Excluded until 2026-12-31 No deposit can be given to this player.',
    );
    await user.click(screen.getByRole('button', { name: 'Read another card' }));
    await readCard(user, 'C-88');
    await screen.findByRole('heading', { name: 'card C-88' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Excluded indefinitely No deposit can be given to this player.',
    );
  });

  it('refuses a text that is not a card without asking the server', async () => {
    const { user, calls } = setup({});
    await readCard(user, 'https://x.example/1');
    expect(screen.getByText('Not a card number: 4 to 64 letters, digits or . _ : -')).toBeTruthy();
    expect(calls.filter((call) => call.path.includes('/players/'))).toEqual([]);
  });

  it('serves the player at this till and closes', async () => {
    const { user, store, onClose } = setup({ [BY_CARD('A-1234')]: { body: maria() } });
    await readCard(user, 'A-1234');
    await user.click(await screen.findByRole('button', { name: 'Serve this player' }));
    expect(onClose).toHaveBeenCalled();
    expect(store.getState().tillPlayer.served).toEqual({
      id: 41,
      card: 'A-1234',
      name: 'Maria Silva',
      excluded: false,
      excluded_until: null,
      limit_left: 150_00,
    });
  });
});

describe('an unknown card', () => {
  it('is registered with the identity given, under a fresh trx, and the player is shown', async () => {
    let registered = false;
    const { user, callsTo } = setup({
      [BY_CARD('NEW-1')]: () =>
        registered
          ? {
              body: maria({
                id: 50,
                card: 'NEW-1',
                name: 'Jo Doe',
                seats: [],
                today: { cash_in: 0, cash_out: 0 },
              }),
            }
          : { status: 404, body: { err: ERR.notFound } },
      'POST /api/v1/a/cashier/players': () => {
        registered = true;
        return { body: maria({ id: 50, card: 'NEW-1', name: 'Jo Doe' }) };
      },
    });
    await readCard(user, 'NEW-1');
    await screen.findByText('No player has card NEW-1.');
    await user.click(screen.getByRole('button', { name: 'Register this card' }));
    expect(screen.getByRole('heading', { name: 'Register card NEW-1' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Jo Doe');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await screen.findByRole('heading', { name: 'Jo Doe' });
    expect(callsTo('POST /api/v1/a/cashier/players').map((call) => call.body)).toEqual([
      { card: 'NEW-1', name: 'Jo Doe', trx: expect.stringMatching(UUID) },
    ]);
    expect(screen.getByText('No money on any seat.')).toBeTruthy();
  });

  it('says so when another player has the card', async () => {
    const { user, store } = setup({
      [BY_CARD('NEW-2')]: { status: 404, body: { err: ERR.notFound } },
      'POST /api/v1/a/cashier/players': { status: 422, body: { err: ERR.cardTaken } },
    });
    await readCard(user, 'NEW-2');
    await user.click(await screen.findByRole('button', { name: 'Register this card' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(store.getState().toasts.queue).toContainEqual(
        expect.objectContaining({ key: 'errors:cardTaken' }),
      ),
    );
  });
});

describe('the daily limit', () => {
  it('says that a raise takes effect after the cooling-off, from when', async () => {
    const at = new Date(2026, 11, 2, 9, 30).toISOString();
    const { user, callsTo } = setup(
      {
        [BY_CARD('A-1234')]: { body: maria() },
        'POST /api/v1/a/cashier/players/41/limit': {
          body: maria({ limit_raise: { daily_limit: 900_00, at } }),
        },
      },
      'A-1234',
    );
    await user.click(await screen.findByRole('button', { name: 'Daily limit' }));
    await user.type(screen.getByRole('textbox', { name: 'New daily limit (EUR)' }), '900');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Daily limit of 900.00 EUR takes effect 02.12.2026 09:30',
    );
    expect(callsTo('POST /api/v1/a/cashier/players/41/limit')[0]?.body).toEqual({ daily_limit: 900_00 });
  });

  it('gives the player back the venue limit', async () => {
    const { user, callsTo } = setup(
      {
        [BY_CARD('A-1234')]: { body: maria() },
        'POST /api/v1/a/cashier/players/41/limit': { body: maria({ daily_limit: null }) },
      },
      'A-1234',
    );
    await user.click(await screen.findByRole('button', { name: 'Daily limit' }));
    await user.click(screen.getByRole('button', { name: "Use the venue's limit" }));
    expect((await screen.findByRole('status')).textContent).toBe("The venue's limit applies, in force now");
    expect(callsTo('POST /api/v1/a/cashier/players/41/limit')[0]?.body).toEqual({ daily_limit: null });
  });
});

describe('a transfer between seats', () => {
  it('moves an amount entered on the numpad from a seat of the player to another seat, and shows both balances', async () => {
    const { user, callsTo } = setup(
      {
        [BY_CARD('A-1234')]: { body: maria() },
        'POST /api/v1/a/cashier/players/41/transfer': ({ body }) => ({
          body: {
            trx: (body as { trx: string }).trx,
            amount: 20_00,
            from: { entries: 60_00, final_bonus: 0 },
            to: { entries: 20_00, final_bonus: 0 },
          },
        }),
      },
      'A-1234',
    );
    await user.click(await screen.findByRole('button', { name: 'Transfer' }));
    expect(screen.getByRole('combobox', { name: 'From seat' })).toHaveProperty('value', '12:1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Device' }), 'Rocket 12 · ID 12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Player' }), 'Player 3');
    const numpad = screen.getByRole('group', { name: 'Numpad' });
    await user.click(within(numpad).getByRole('button', { name: '2' }));
    await user.click(within(numpad).getByRole('button', { name: '0' }));
    await user.click(screen.getByRole('button', { name: 'Transfer' }));

    await screen.findByText('Transferred 20.00 EUR');
    expect(callsTo('POST /api/v1/a/cashier/players/41/transfer').map((call) => call.body)).toEqual([
      {
        from: { device_id: 12, place: 1 },
        to: { device_id: 12, place: 3 },
        amount: 20_00,
        trx: expect.stringMatching(UUID),
      },
    ]);
    const result = screen.getByText('Balances after the transfer').nextElementSibling as HTMLElement;
    expect(within(result).getByText('Rocket 12 · ID 12, player 1').nextElementSibling?.textContent).toBe(
      '60.00 EUR',
    );
    expect(within(result).getByText('Rocket 12 · ID 12, player 3').nextElementSibling?.textContent).toBe(
      '20.00 EUR',
    );
  });

  it('refuses more than the seat holds, and the seat the money leaves, before any call', async () => {
    const { user, callsTo } = setup({ [BY_CARD('A-1234')]: { body: maria() } }, 'A-1234');
    await user.click(await screen.findByRole('button', { name: 'Transfer' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Device' }), 'Rocket 12 · ID 12');
    await user.type(screen.getByRole('textbox', { name: 'Amount (EUR)' }), '5');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByText('Choose another seat than the one the money leaves.')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Player' }), 'Player 2');
    await user.clear(screen.getByRole('textbox', { name: 'Amount (EUR)' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (EUR)' }), '80.01');
    expect(screen.getByText('The seat holds only 80.00 EUR.')).toBeTruthy();
    expect(callsTo('POST /api/v1/a/cashier/players/41/transfer')).toEqual([]);
  });
});
