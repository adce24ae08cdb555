// The device's History tab: a manager's correction reads as a correction of the operation it reverses
// (its type, the original's trx shortened, the reason), never as another cashier's withdraw.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDevice, makePlace, ME } from '../../../test/cash-fixtures';
import { CORRECTED_PAIR } from '../../../test/correction-rows';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { HistoryTab } from './history-tab';

describe('HistoryTab', () => {
  it("reads a manager's correction as one, linked to the deposit it reverses", async () => {
    stubApi({
      'GET /api/v1/a/me': { body: ME },
      'POST /api/v1/a/cashier/limit_report': { body: CORRECTED_PAIR },
    });
    renderWithProviders(<HistoryTab device={makeDevice([makePlace(0, 0, 3)])} />);
    const table = await screen.findByRole('table');
    const [, correction, original] = within(table).getAllByRole('row');
    expect(
      within(correction!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.any(String), 'CorrectionCorrects 3f2a…0001 · wrong seat', '−50.00', 'Maria Manager']);
    expect(correction!.textContent).not.toContain('Withdraw');
    expect(correction!.textContent).not.toContain('another cashier');
    expect(correction!.className).not.toContain('foreign');
    expect(original!.textContent).toContain('DepositCorrected by b71e…0002 · wrong seat');
  });
});
