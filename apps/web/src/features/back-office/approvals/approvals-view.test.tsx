// Four eyes in the back office: the manager sees the payout waiting (a cash-out "up to" what it would
// have taken), decides it with their own password, reads what the answer says happened (approved,
// declined, or refused by the ledger after approval, in their language), and a decline is not sent
// without its reason.
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

const PAID = { trx: 'trx-1', delta: -250_00, balances: { entries: 0, final_bonus: 0 } };

function setup(
  answer: { status: string; outcome: Record<string, unknown> | null } = { status: 'approved', outcome: PAID },
  first: Approval = WAITING,
) {
  let listed: Approval[] = [first];
  const api = stubApi({
    [APPROVALS]: ({ query }) => ({
      body: listed.filter((a) => !query.has('status') || a.status === query.get('status')),
    }),
    'GET /api/v1/a/manager/account/3/devices': { body: [{ id: 7, name: 'Rocket 7' }] },
    [DECIDE]: () => {
      listed = [
        {
          ...first,
          status: answer.status as Approval['status'],
          decided_by: 'Maria Manager',
          ...(answer.status === 'failed' ? { outcome: answer.outcome as { err: string } } : {}),
        },
      ];
      return { body: { id: 'ap-1', ...answer } };
    },
  });
  const view = renderWithProviders(<ApprovalsView account={ACCOUNT} />);
  return { ...api, ...view };
}

/** The manager approves the waiting payout with their password. */
async function approve() {
  const row = (await screen.findByText('anna')).closest('tr')!;
  const actor = userEvent.setup();
  await actor.click(within(row).getByRole('button', { name: 'Approve the payout of anna, player 2' }));
  const dialog = screen.getByRole('dialog', { name: 'Approve this payout' });
  await actor.type(within(dialog).getByLabelText('Your password'), 'manager-pass');
  await actor.click(within(dialog).getByRole('button', { name: 'Approve' }));
}

describe('approvals', () => {
  it('lists the waiting payout and approves it with the manager password', async () => {
    const { store, ...api } = setup();
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
    expect(store.getState().toasts.queue).toContainEqual(
      expect.objectContaining({
        kind: 'success',
        key: 'backOffice:approvals.approvedPaid',
        params: { cashier: 'anna', place: '2', amount: '250.00 EUR' },
      }),
    );
  });

  it('shows a cash-out as "up to" the amount it would have taken when it was asked', async () => {
    setup(undefined, { ...WAITING, cash_out: true, delta: -999_00, amount: 600_00 });
    const row = (await screen.findByText('anna')).closest('tr')!;
    expect(within(row).getByText('Cash out')).toBeTruthy();
    expect(row.textContent).toContain('up to 600.00 EUR');
    expect(row.textContent).not.toContain('999.00');
  });

  it('says so when the ledger refused the approved payout, with its reason, in the list too', async () => {
    const { store } = setup({ status: 'failed', outcome: { err: 'device moved' } });
    await approve();
    await vi.waitFor(() =>
      expect(store.getState().toasts.queue).toContainEqual(
        expect.objectContaining({ kind: 'error', key: 'backOffice:approvals.failed' }),
      ),
    );
    const toast = store.getState().toasts.queue.find((t) => t.key === 'backOffice:approvals.failed')!;
    expect(i18n.t(toast.key, toast.params)).toBe(
      'Approved, but not paid (player 2, anna). The device has left this venue: nothing moved',
    );
    const decided = await screen.findByRole('heading', { name: 'Recent decisions' });
    const table = decided.nextElementSibling as HTMLElement;
    expect(table.textContent).toContain(
      'Refused by the ledger after approval · Maria Manager · The device has left this venue: nothing moved',
    );
  });

  it("reads the ledger's refusal in the manager's language", async () => {
    await i18n.changeLanguage('es');
    try {
      setup(undefined, {
        ...WAITING,
        status: 'failed',
        decided_by: 'Maria',
        outcome: { err: 'not enough money' },
      });
      const decided = await screen.findByRole('heading', { name: 'Decisiones recientes' });
      expect((decided.nextElementSibling as HTMLElement).textContent).toContain(
        'Rechazado por el libro mayor tras la aprobación · Maria · Lo sentimos, el saldo del jugador no es suficiente para esta operación',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('tells a decline as declined, whatever was asked', async () => {
    const { store } = setup({ status: 'declined', outcome: null });
    await approve();
    await vi.waitFor(() =>
      expect(store.getState().toasts.queue).toContainEqual(
        expect.objectContaining({ kind: 'success', key: 'backOffice:approvals.declined' }),
      ),
    );
  });

  it('does not send a decline without its reason', async () => {
    const api = setup({ status: 'declined', outcome: null });
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
