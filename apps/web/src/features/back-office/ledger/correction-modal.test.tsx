// A correction from the back-office ledger: only a cashier's uncorrected deposit or withdraw offers it,
// it needs a reason, and a second press after a refusal sends the same correction trx (never two).
import { ERR, type Account, type LedgerRow } from '@cashdesk/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addBackOfficeCatalogues } from '../../../i18n/back-office-resources';
import i18n from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { CorrectionModal, isCorrectable } from './correction-modal';

addBackOfficeCatalogues(i18n);
afterEach(() => vi.unstubAllGlobals());

const ACCOUNT = { id: 3, currency: 'EUR' } as Account;
const DEPOSIT: LedgerRow = {
  id: 10,
  operation_id: 5,
  trx: '3f2a9c1d-0000-4000-8000-000000000001',
  kind: 'deposit',
  tx_type: 0,
  line: 'entries',
  device_id: 7,
  device_name: 'Rocket 7',
  place: 2,
  user_id: 4,
  user_name: 'Anna',
  amount: 40_00,
  balance_after: 40_00,
  reason: null,
  created_at: '2026-11-28T10:00:00.000Z',
};
const CORRECT = 'POST /api/v1/a/manager/account/3/corrections';

describe('correcting an operation', () => {
  it('is offered on a cashier deposit or withdraw that no correction links', () => {
    expect(isCorrectable(DEPOSIT)).toBe(true);
    expect(isCorrectable({ ...DEPOSIT, corrected_by: 'x' })).toBe(false);
    expect(isCorrectable({ ...DEPOSIT, kind: 'withdraw', corrects: 'y' })).toBe(false);
    expect(isCorrectable({ ...DEPOSIT, line: 'float' })).toBe(false);
    expect(isCorrectable({ ...DEPOSIT, kind: 'float_top_up', line: 'float' })).toBe(false);
  });

  it('needs a reason, says why it was refused, and retries under the same correction trx', async () => {
    const api = stubApi({
      [CORRECT]: [
        { status: 409, body: { err: ERR.placeNoLongerHolds } },
        { body: { trx: 'c', corrects: DEPOSIT.trx, reason: 'r', delta: -40_00 } },
      ],
    });
    const onClose = vi.fn();
    const actor = userEvent.setup();
    renderWithProviders(<CorrectionModal account={ACCOUNT} row={DEPOSIT} onClose={onClose} />);
    await actor.click(screen.getByRole('button', { name: 'Correct it' }));
    expect(await screen.findByText('Say why it is corrected.')).toBeTruthy();
    expect(api.callsTo(CORRECT)).toHaveLength(0);

    await actor.type(screen.getByLabelText('Reason', { exact: true }), 'wrong seat');
    await actor.click(screen.getByRole('button', { name: 'Correct it' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The place no longer holds this money: it was played',
    );
    await actor.click(screen.getByRole('button', { name: 'Correct it' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const bodies = api.callsTo(CORRECT).map((c) => c.body as { trx: string; correction_trx: string });
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ trx: DEPOSIT.trx, operation_id: 5, reason: 'wrong seat' });
    expect(bodies[1]!.correction_trx).toBe(bodies[0]!.correction_trx);
  });
});
