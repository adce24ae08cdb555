// The venue's Players tab as a manager uses it: a search by card, name or document finds players with
// their identity, limit and exclusion; one opens with every fact recorded and a raise waiting; an
// exclusion is set until a day (never one before today's gaming day), indefinitely, or lifted, and the
// list says so after; before any search, and for an empty one, the venue's newest players.
import { ERR, type Account, type ExclusionRequest, type Player } from '@cashdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addBackOfficeCatalogues } from '../../../i18n/back-office-resources';
import i18n from '../../../i18n/i18n';
import { runAtFixedTime } from '../../../test/fixed-time';
import { makeAccount } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { stubApi, type StubCall } from '../../../test/stub-api';
import { PlayersView } from './players-view';

addBackOfficeCatalogues(i18n);
// 03:00 UTC on 12 March 2026: the venue's gaming day (from 06:00 UTC) is still 11 March.
runAtFixedTime('2026-03-12T03:00:00Z');

const ACCOUNT: Account = makeAccount({ id: 4, currency: 'EUR', player_daily_limit: 500_00 });
const PLAYERS_PATH = 'GET /api/v1/a/manager/account/4/players';
const EXCLUSION_PATH = 'POST /api/v1/a/manager/account/4/players/21/exclusion';

function makePlayer(overrides: Partial<Player> = {}): Player {
  return {
    id: 21,
    account_id: 4,
    card: 'CARD-0021',
    name: 'Ana Souza',
    document_kind: 'ID card',
    document_number: 'X1234567',
    birth_date: '1990-04-02',
    daily_limit: 200_00,
    limit_raise: { daily_limit: 900_00, at: '2026-03-12T20:00:00.000Z' },
    excluded_until: null,
    excluded: false,
    created_at: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

const UNNAMED = makePlayer({
  id: 22,
  card: 'CARD-0022',
  name: null,
  document_kind: null,
  document_number: null,
  birth_date: null,
  daily_limit: null,
  limit_raise: null,
  excluded: true,
  excluded_until: null,
});

/** The fake server: the players as they stand, and an exclusion call that changes the first. */
function serve(first: Player = makePlayer()) {
  let current = first;
  const exclusions: unknown[] = [];
  const { calls } = stubApi({
    [PLAYERS_PATH]: () => ({ body: [current, UNNAMED] }),
    [EXCLUSION_PATH]: ({ body }: StubCall) => {
      exclusions.push(body);
      const request = body as ExclusionRequest;
      current =
        'lift' in request
          ? { ...current, excluded: false, excluded_until: null }
          : { ...current, excluded: true, excluded_until: request.until };
      return { body: current };
    },
  });
  const searches = () => calls.filter((c) => c.method === 'GET').map((c) => c.query.get('q'));
  return { exclusions, searches };
}

async function searchFor(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(screen.getByLabelText('Card, name or document number'), text);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

describe('the Players tab', () => {
  it("shows the venue's newest players first, then the players a search finds with identity, limit and exclusion", async () => {
    const { searches } = serve();
    const user = userEvent.setup();
    renderWithProviders(<PlayersView account={ACCOUNT} />);
    expect(await screen.findByText("The venue's 2 newest players:")).toBeTruthy();
    expect(searches()).toEqual([null]);

    await searchFor(user, '  souza ');
    expect(await screen.findByText('2 players match “souza”.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Players' });
    expect(searches()).toEqual([null, 'souza']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Ana Souza', 'ID card X1234567', '200.00 EUR a day (their own)', 'Not excluded', 'Open'],
      [
        'Not recorded',
        'Not recorded',
        "500.00 EUR a day (the venue's default)",
        'Excluded indefinitely',
        'Open',
      ],
    ]);
  });

  it('opens a player with every fact recorded and the raise waiting, and goes back to the results', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<PlayersView account={ACCOUNT} />);
    await searchFor(user, 'CARD-0021');
    await user.click(await screen.findByRole('button', { name: 'Open player CARD-0021' }));
    const detail = screen.getByRole('article', { name: 'Player CARD-0021' });
    expect(document.activeElement).toBe(within(detail).getByRole('heading'));
    const facts = Object.fromEntries(
      within(detail)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      Card: 'CARD-0021',
      Name: 'Ana Souza',
      Document: 'ID card X1234567',
      'Date of birth': '1990-04-02',
      Exclusion: 'Not excluded',
    });
    expect(facts['Daily deposit limit']).toMatch(
      /^200\.00 EUR a day \(their own\)Raise to 900\.00 EUR waiting: it takes effect at 2026-03-1\d \d\d:\d\d:00$/,
    );
    expect(within(detail).queryByRole('button', { name: 'Lift the exclusion' })).toBeNull();

    await user.click(within(detail).getByRole('button', { name: /Back to the results/ }));
    expect(await screen.findByRole('table', { name: 'Players' })).toBeTruthy();
  });

  it("excludes until a day, refusing one before today's gaming day without asking, then lifts it", async () => {
    const { exclusions } = serve();
    const user = userEvent.setup();
    const { store } = renderWithProviders(<PlayersView account={ACCOUNT} />);
    await searchFor(user, 'CARD-0021');
    await user.click(await screen.findByRole('button', { name: 'Open player CARD-0021' }));
    await user.click(screen.getByRole('button', { name: 'Exclude the player' }));

    let dialog = screen.getByRole('dialog', { name: 'Exclude player CARD-0021' });
    const lastDay = within(dialog).getByLabelText('Last day of the exclusion', { selector: 'input' });
    await user.clear(lastDay);
    await user.type(lastDay, '10.03.2026');
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(
      within(dialog).getByText("The last day must be today's gaming day (2026-03-11) or later"),
    ).toBeTruthy();
    expect(exclusions).toEqual([]);

    await user.clear(lastDay);
    await user.type(lastDay, '30.06.2026');
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(exclusions).toEqual([{ until: '2026-06-30' }]);
    expect(store.getState().toasts.queue.map((t) => [t.key, t.params])).toEqual([
      ['backOfficePlayers:players.excludedToastUntil', { card: 'CARD-0021', day: '2026-06-30' }],
    ]);
    const detail = screen.getByRole('article', { name: 'Player CARD-0021' });
    await within(detail).findByText('Excluded until 2026-06-30 (included)');

    await user.click(within(detail).getByRole('button', { name: 'Lift the exclusion' }));
    dialog = screen.getByRole('dialog', { name: 'Lift the exclusion of CARD-0021' });
    await user.click(within(dialog).getByRole('button', { name: 'Lift it' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(exclusions).toEqual([{ until: '2026-06-30' }, { lift: true }]);
    await within(detail).findByText('Not excluded');
  });

  it('excludes indefinitely', async () => {
    const { exclusions } = serve();
    const user = userEvent.setup();
    renderWithProviders(<PlayersView account={ACCOUNT} />);
    await searchFor(user, 'CARD-0021');
    await user.click(await screen.findByRole('button', { name: 'Open player CARD-0021' }));
    await user.click(screen.getByRole('button', { name: 'Exclude the player' }));
    const dialog = screen.getByRole('dialog', { name: 'Exclude player CARD-0021' });
    await user.click(within(dialog).getByRole('radio', { name: 'Indefinitely' }));
    expect(within(dialog).queryByLabelText('Last day of the exclusion', { selector: 'input' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(exclusions).toEqual([{ until: null }]);
    await screen.findByText('Excluded indefinitely', { selector: 'article strong' });
  });

  it('keeps the dialog open with the reason when the server refuses the exclusion', async () => {
    stubApi({
      [PLAYERS_PATH]: { body: [makePlayer()] },
      [EXCLUSION_PATH]: { status: 404, body: { err: ERR.notFound } },
    });
    const user = userEvent.setup();
    const { store } = renderWithProviders(<PlayersView account={ACCOUNT} />);
    await searchFor(user, 'CARD-0021');
    await user.click(await screen.findByRole('button', { name: 'Open player CARD-0021' }));
    await user.click(screen.getByRole('button', { name: 'Exclude the player' }));
    const dialog = screen.getByRole('dialog', { name: 'Exclude player CARD-0021' });
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Not found: it may have been removed or moved',
    );
    expect(dialog.isConnected).toBe(true);
    expect(store.getState().toasts.queue).toEqual([]);
  });

  it('says so when the venue has no player, when none matches, and when the venue refuses the search', async () => {
    stubApi({
      [PLAYERS_PATH]: [{ body: [] }, { body: [] }, { status: 404, body: { err: ERR.notFound } }],
    });
    const user = userEvent.setup();
    renderWithProviders(<PlayersView account={ACCOUNT} />);
    expect(await screen.findByText('No player is registered at this venue yet.')).toBeTruthy();
    await searchFor(user, 'nobody');
    expect(await screen.findByText('No player matches “nobody”.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Card, name or document number'));
    await searchFor(user, 'gone');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not found: it may have been removed or moved',
    );
  });
});
