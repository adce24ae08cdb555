// A manager's edits of a player in the Players tab: the identity form sends only what changed (an
// emptied field as null) and the limit form sends cents (a comma as the decimal mark too, empty for the
// venue's default), refusing what is no amount before anything is sent.
import type { Account, Player } from '@cashdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addBackOfficeCatalogues } from '../../../i18n/back-office-resources';
import i18n from '../../../i18n/i18n';
import { makeAccount } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { stubApi, type StubCall } from '../../../test/stub-api';
import { identityChanges, typedLimit } from './edit-player-modals';
import { PlayersView } from './players-view';

addBackOfficeCatalogues(i18n);

const ACCOUNT: Account = makeAccount({ id: 4, currency: 'EUR', player_daily_limit: 500_00 });
const PLAYER: Player = {
  id: 21,
  account_id: 4,
  card: 'CARD-0021',
  name: 'Ana Souza',
  document_kind: 'ID card',
  document_number: null,
  birth_date: null,
  daily_limit: 200_00,
  limit_raise: null,
  excluded_until: null,
  excluded: false,
  created_at: '2026-01-05T10:00:00.000Z',
};

function serve() {
  let current = PLAYER;
  const sent: { path: string; body: unknown }[] = [];
  const edit =
    (path: string) =>
    ({ body }: StubCall) => {
      sent.push({ path, body });
      current = { ...current, ...(body as Partial<Player>) };
      return { body: current };
    };
  stubApi({
    'GET /api/v1/a/manager/account/4/players': () => ({ body: [current] }),
    'POST /api/v1/a/manager/account/4/players/21': edit('identity'),
    'POST /api/v1/a/manager/account/4/players/21/limit': edit('limit'),
  });
  return sent;
}

async function openPlayer(user: ReturnType<typeof userEvent.setup>) {
  const { store } = renderWithProviders(<PlayersView account={ACCOUNT} />);
  await user.click(await screen.findByRole('button', { name: 'Open player CARD-0021' }));
  const toasts = () => store.getState().toasts.queue.map((t) => [t.key, t.params]);
  return { detail: screen.getByRole('article', { name: 'Player CARD-0021' }), toasts };
}

describe("a manager's edits of a player", () => {
  it('sends the identity fields that changed, an emptied one as null', { timeout: 20_000 }, async () => {
    const sent = serve();
    const user = userEvent.setup();
    const { detail, toasts } = await openPlayer(user);
    await user.click(within(detail).getByRole('button', { name: 'Edit identity' }));
    const dialog = screen.getByRole('dialog', { name: 'Identity of card CARD-0021' });
    await user.clear(within(dialog).getByLabelText('Document kind'));
    await user.type(within(dialog).getByLabelText('Document number'), ' P7788 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(toasts()).toEqual([['backOfficePlayers:players.identitySaved', { card: 'CARD-0021' }]]);
    expect(sent).toEqual([{ path: 'identity', body: { document_kind: null, document_number: 'P7788' } }]);
  });

  it('sends the limit in cents, and refuses what is no amount', { timeout: 20_000 }, async () => {
    const sent = serve();
    const user = userEvent.setup();
    const { detail, toasts } = await openPlayer(user);
    await user.click(within(detail).getByRole('button', { name: 'Set daily limit' }));
    const dialog = screen.getByRole('dialog', { name: 'Daily limit of card CARD-0021' });
    const field = within(dialog).getByLabelText('Daily deposit limit (EUR)');
    await user.clear(field);
    await user.type(field, 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Type an amount, such as 500.00.')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(field);
    await user.type(field, '150,50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(toasts()).toEqual([['backOfficePlayers:players.limitSaved', { card: 'CARD-0021' }]]);
    expect(sent).toEqual([{ path: 'limit', body: { daily_limit: 150_50 } }]);
  });

  it('reads the forms the same way without a screen', () => {
    expect(typedLimit('')).toBeNull();
    expect(typedLimit('12.5')).toBe(12_50);
    expect(typedLimit('x')).toBeUndefined();
    const typed = { name: 'Ana Souza', document_kind: 'ID card', document_number: '', birth_date: '' };
    expect(identityChanges(PLAYER, typed)).toEqual({});
  });
});
