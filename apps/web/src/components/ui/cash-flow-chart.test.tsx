import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cashFlow, type CashFlowRow } from '../../lib/cash-flow-buckets';
import { renderWithProviders } from '../../test/render';
import { CashFlowChart } from './cash-flow-chart';

const row = (created_at: string, delta: number): CashFlowRow => ({
  created_at,
  data: { total_in: Math.max(delta, 0), total_out: Math.max(-delta, 0) },
});
const day = { from: '2026-11-21T00:00:00+02:00', to: '2026-11-21T23:59:59+02:00' };
const rows = [
  row('2026-11-20T22:00:00Z', 10_00), // 00:00 local
  row('2026-11-21T09:30:00Z', -4_01), // 11:30
  row('2026-11-21T09:45:00Z', 2_50), // 11:45
  row('2026-11-21T21:59:59.500Z', 5_01), // 23:59:59
];

function renderChart(flow = cashFlow(rows, day)) {
  renderWithProviders(<CashFlowChart flow={flow} currency="EUR" offsetLabel="GMT+02:00" />);
  return userEvent.setup();
}

describe('CashFlowChart', () => {
  it("is one image named by its title and the period's totals, with a legend and labelled axes", () => {
    renderChart();
    const figure = screen.getByRole('figure', { name: 'Deposits and withdrawals by hour (GMT+02:00)' });
    const image = within(figure).getByRole('img');
    expect(image.getAttribute('aria-label')).toBe(
      'Deposits and withdrawals by hour (GMT+02:00). Deposits: 3, 17.51 EUR. Withdrawals: 1, 4.01 EUR.',
    );
    expect(within(figure).getByRole('list').textContent).toBe('DepositsWithdrawals');
    expect(within(image).getByText('Hour (GMT+02:00)')).toBeTruthy();
    expect(within(image).getByText('Amount (EUR)')).toBeTruthy();
    // Withdrawals are hatched, not only another colour.
    const withdrawals = image.querySelectorAll('.cash-flow-chart__bar--withdrawals');
    expect(withdrawals).toHaveLength(24);
    expect(withdrawals[0]!.getAttribute('fill')).toMatch(/^url\(#.+-hatch\)$/);
    expect(image.querySelector('pattern')).toBeTruthy();
  });

  it('shows the same figures as a table on request, and hides it again', async () => {
    const user = renderChart();
    const toggle = screen.getByRole('button', { name: 'Show as a table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide the table');
    const table = screen.getByRole('table', { name: 'Deposits and withdrawals by hour (GMT+02:00)' });
    expect(toggle.getAttribute('aria-controls')).toBe(table.id);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Hour', 'Deposits', 'Deposited (EUR)', 'Withdrawals', 'Withdrawn (EUR)']);
    const body = within(table).getAllByRole('row').slice(1);
    expect(body).toHaveLength(24);
    const cells = (i: number) => [
      within(body[i]!).getByRole('rowheader').textContent,
      ...within(body[i]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ];
    expect(cells(0)).toEqual(['00:00', '1', '10.00', '0', '0.00']);
    expect(cells(11)).toEqual(['11:00', '1', '2.50', '1', '4.01']);
    expect(cells(23)).toEqual(['23:00', '1', '5.01', '0', '0.00']);
    await user.click(toggle);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('names days and months in the table of a longer period', async () => {
    const user = renderChart(
      cashFlow(rows, { from: '2026-11-20T00:00:00+02:00', to: '2026-11-22T23:59:59+02:00' }),
    );
    await user.click(screen.getByRole('button', { name: 'Show as a table' }));
    const table = screen.getByRole('table', { name: 'Deposits and withdrawals by day (GMT+02:00)' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['20.11.2026', '21.11.2026', '22.11.2026']);
  });
});
