// The History page's table: a manager's correction, should the report list one, reads as a correction of
// the operation it reverses (its type, the original's trx shortened, the reason), never as a withdraw.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CORRECTED_PAIR } from '../../../test/correction-rows';
import { renderWithProviders } from '../../../test/render';
import { HistoryTable } from './history-table';

describe('HistoryTable', () => {
  it('shows a correction row as "Correction", linked to the operation it reverses', () => {
    renderWithProviders(<HistoryTable rows={CORRECTED_PAIR} caption="Operations" />);
    const [, correction, original] = within(screen.getByRole('table')).getAllByRole('row');
    const cells = within(correction!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[4]).toBe('−50.00');
    expect(cells[5]).toBe('CorrectionCorrects 3f2a…0001 · wrong seat');
    expect(within(original!).getAllByRole('cell')[5]?.textContent).toBe(
      'DepositCorrected by b71e…0002 · wrong seat',
    );
  });
});
