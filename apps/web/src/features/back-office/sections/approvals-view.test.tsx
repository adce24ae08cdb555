// Four eyes in the back office: the manager sees the payout waiting, decides it with their own password,
// and a decline is not sent without its reason.
import type { Account, Approval } from '@cashdesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addBackOfficeCatalogues } from '../../../i18n/back-office-resources';
import i18n from '../../../i18n/i18n';
import { makeAccount } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { ApprovalsView } from './approvals-view';

addBackOfficeCatalogues(i18n);
afterEach(() => vi.unstubAllGlobals());

const ACCOUNT: Account = makeAccount({ id: 3, overdraft: 0, has_overdraft: false, approval_above: 100_00 });

const WAITING: Approval = {
  id: 'ap-1',
  trx: 'trx-1',
  device_id: 7,
  place: 2,
  delta: -250_00,
  cash_out: false,
  amount: 250_00,
  cashier: 'anna',
  created_at: '2026-11-28T10:00:00.000Z',
  status: 'pending',
};

const APPROVALS = 'GET /api/v1/a/manager/account/3/approvals';
const DECIDE = 'POST /api/v1/a/manager/account/3/approvals/ap-1';

function setup() {
  let waiting = [WAITING];
  const api = stubApi({
    [APPROVALS]: () => ({ body: waiting }),
    'GET /api/v1/a/manager/account/3/devices': { body: [{ id: 7, name: 'Rocket 7' }] },
    [DECIDE]: () => {
      waiting = [];
      return { body: { id: 'ap-1', status: 'approved' } };
    },
  });
  renderWithProviders(<ApprovalsView account={ACCOUNT} />);
  return api;
}

describe('approvals', () => {
  it('lists the waiting payout and approves it with the manager password', async () => {
    const api = setup();
    const row = (await screen.findByText('anna')).closest('tr')!;
    expect(within(row).getByText('250.00', { exact: false })).toBeTruthy();
    expect(await within(row).findByText('Rocket 7 #7 · player 2')).toBeTruthy();
    const actor = userEvent.setup();
    await actor.click(within(row).getByRole('button', { name: 'Approve the payout of anna, player 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this payout' });
    await actor.type(within(dialog).getByLabelText('Your password'), 'manager-pass');
    await actor.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(api.callsTo(DECIDE)).toHaveLength(1));
    expect(api.callsTo(DECIDE)[0]!.body).toEqual({ decision: 'approve', password: 'manager-pass' });
    expect(await screen.findByText('Nothing is waiting for approval.')).toBeTruthy();
  });

  it('does not send a decline without its reason', async () => {
    const api = setup();
    const row = (await screen.findByText('anna')).closest('tr')!;
    const actor = userEvent.setup();
    await actor.click(within(row).getByRole('button', { name: 'Decline the payout of anna, player 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this payout' });
    await actor.type(within(dialog).getByLabelText('Your password'), 'manager-pass');
    await actor.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Say why it is declined.')).toBeTruthy();
    expect(api.callsTo(DECIDE)).toHaveLength(0);

    await actor.type(within(dialog).getByLabelText('Reason', { exact: true }), 'no cash in the drawer');
    await actor.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await vi.waitFor(() => expect(api.callsTo(DECIDE)).toHaveLength(1));
    expect(api.callsTo(DECIDE)[0]!.body).toEqual({
      decision: 'decline',
      password: 'manager-pass',
      reason: 'no cash in the drawer',
    });
  });
});
