// A manager's Users page: the users of their venue, tools for its cashiers only, and a new cashier
// created under their own account (the role and account come from the server's route, not the form).
import type { BackOfficeUser, User } from '@cashdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addBackOfficeCatalogues } from '../../../i18n/back-office-resources';
import i18n from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { UsersPage } from './users-page';

addBackOfficeCatalogues(i18n);
afterEach(() => vi.unstubAllGlobals());

const ME: User = { id: 2, name: 'Mona', login: 'mona', role: 'manager', account_id: 1, restrictions: [] };
const user = (over: Partial<BackOfficeUser>): BackOfficeUser => ({
  id: 10,
  name: 'Nora',
  login: 'nora',
  role: 'cashier',
  account_id: 1,
  restrictions: [],
  blocked: false,
  created_at: '2026-11-22T10:00:00.000Z',
  ...over,
});

function renderPage() {
  const created: unknown[] = [];
  const { fetchMock } = stubApi({
    'GET /api/v1/a/me': { body: ME },
    'GET /api/v1/a/manager/account/1/users': {
      body: [user({ id: 2, login: 'mona', name: 'Mona', role: 'manager' }), user({ blocked: true })],
    },
    'POST /api/v1/a/manager/account/1/user': ({ body }) => {
      created.push(body);
      return { body: user({ id: 11, login: 'newbie' }) };
    },
  });
  renderWithProviders(<UsersPage />);
  return { created, fetchMock, actor: userEvent.setup() };
}

describe("a manager's users page", () => {
  it("lists the venue's users and offers the tools for its cashiers only", async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Users' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['mona', 'nora']);
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByText('Blocked')).toBeTruthy();
    for (const name of ['Edit user nora', 'Restrictions of nora', 'New password for nora']) {
      expect(within(rows[1]!).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('creates a cashier: checks the fields first, then sends no role or account', async () => {
    const { created, actor } = renderPage();
    await actor.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = screen.getByRole('dialog', { name: 'New user' });
    expect(within(dialog).queryByLabelText('Role')).toBeNull();
    await actor.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(within(dialog).getByText('3 to 64 characters')).toBeTruthy();
    expect(within(dialog).getByText('At least 8 characters')).toBeTruthy();
    expect(created).toEqual([]);

    await actor.type(within(dialog).getByLabelText('Login'), 'newbie');
    await actor.type(within(dialog).getByLabelText('Name'), 'New Bie');
    await actor.type(within(dialog).getByLabelText('Password'), 'long enough 1');
    await actor.click(within(dialog).getByRole('checkbox', { name: 'Add devices' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(created).toEqual([
      {
        login: 'newbie',
        name: 'New Bie',
        password: 'long enough 1',
        restrictions: ['can_register_new_device'],
      },
    ]);
  });
});
