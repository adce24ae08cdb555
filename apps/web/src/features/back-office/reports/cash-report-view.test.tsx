// The Cash report tab: opens on today's gaming day by the venue's own clock, shows the header with the
// thresholds and the ledger head, the log of large transactions and the players reported with their
// identity (a missing one marked), money in the venue's currency, a transaction a manager reversed marked
// with its correction; refuses a day not begun without asking; prints; downloads the CSV the CLI prints;
// and says when a threshold is off.
import type { Account, CashReport } from '@cashdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { addBackOfficeCatalogues } from '../../../i18n/back-office-resources';
import i18n from '../../../i18n/i18n';
import { runAtFixedTime } from '../../../test/fixed-time';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { CashReportView } from './cash-report-view';

addBackOfficeCatalogues(i18n);
// 03:00 in São Paulo on 12 March 2026 (06:00 UTC): the gaming day from 06:00 there is still 11 March.
runAtFixedTime('2026-03-12T06:00:00Z');

const ACCOUNT = { id: 5, currency: 'BRL', time_zone: 'America/Sao_Paulo', day_starts_at: 6 } as Account;
const REPORT: CashReport = {
  account_id: 5,
  venue: 'Rio Hall',
  currency: 'BRL',
  day: '2026-03-11',
  time_zone: 'America/Sao_Paulo',
  day_starts_at: 6,
  from: '2026-03-11T09:00:00.000Z',
  to: '2026-03-12T09:00:00.000Z',
  complete: false,
  made_at: '2026-03-12T06:00:00.000Z',
  made_by: 'mona',
  log_above: 3_000_00,
  report_above: 10_000_00,
  log: [
    {
      at: '2026-03-11T23:15:00.000Z',
      player_id: 21,
      card: 'CARD-0021',
      name: 'Ana Souza',
      kind: 'cash_in',
      amount: 4_000_00,
      device_id: 7,
      place: 2,
      cashier: 'Demo Cashier',
      trx: 'trx-large-deposit',
      corrected_by: null,
    },
    {
      at: '2026-03-12T02:00:00.000Z',
      player_id: 22,
      card: 'CARD-0022',
      name: null,
      kind: 'cash_out',
      amount: 3_500_50,
      device_id: 8,
      place: 1,
      cashier: null,
      trx: 'trx-large-payout',
      corrected_by: 'trx-fix-1',
    },
  ],
  reports: [
    {
      player_id: 21,
      card: 'CARD-0021',
      name: 'Ana Souza',
      document_kind: 'CPF',
      document_number: '123.456.789-09',
      birth_date: '1990-04-02',
      cash_in: 12_000_00,
      cash_out: 0,
      transactions: 3,
    },
    {
      player_id: 22,
      card: 'CARD-0022',
      name: null,
      document_kind: null,
      document_number: null,
      birth_date: null,
      cash_in: 0,
      cash_out: 10_500_00,
      transactions: 2,
    },
  ],
  ledger_head: { entries: 77, hash: 'cd'.repeat(32) },
};

function renderTab(report: CashReport = REPORT) {
  const { calls } = stubApi({ 'GET /api/v1/a/manager/account/5/cash_report': { body: report } });
  renderWithProviders(<CashReportView account={ACCOUNT} />);
  return { askedDays: () => calls.map((c) => c.query.get('day')), user: userEvent.setup() };
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      ...within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ]);

describe('the cash report tab', () => {
  it("opens on today's gaming day in the venue's time and shows the header, the log and the reports", async () => {
    const { askedDays } = renderTab();
    expect(
      await screen.findByRole('heading', { name: 'Rio Hall: cash report, gaming day 2026-03-11' }),
    ).toBeTruthy();
    expect(askedDays()).toEqual(['2026-03-11']);
    expect(screen.getByText('This gaming day is still running: its figures can still grow.')).toBeTruthy();
    expect(screen.getByText('From 2026-03-11 06:00:00 to 2026-03-12 06:00:00 (America/Sao_Paulo)')).toBeTruthy();
    expect(screen.getByText('3000.00 BRL', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('10000.00 BRL', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('77 entries')).toBeTruthy();
    expect(screen.getByText('cd'.repeat(32))).toBeTruthy();

    const log = screen.getByRole('table', { name: 'Transactions above 3000.00 BRL' });
    // Player first (the row's header), then time, kind, amount, seat, cashier, transaction.
    expect(cellsOf(log)).toEqual([
      [
        'CARD-0021 · Ana Souza',
        '2026-03-11 20:15:00',
        'Cash in',
        '4000.00 BRL',
        'Device 7, place 2',
        'Demo Cashier',
        'trx-large-deposit',
      ],
      [
        'CARD-0022',
        '2026-03-11 23:00:00',
        'Cash out',
        '3500.50 BRL',
        'Device 8, place 1',
        '–',
        'trx-large-payout · Corrected by trx-fix-1',
      ],
    ]);

    const reports = screen.getByRole('table', { name: 'Players above 10000.00 BRL in the day' });
    expect(cellsOf(reports)).toEqual([
      ['CARD-0021', 'Ana Souza', 'CPF 123.456.789-09', '1990-04-02', '12000.00 BRL', '0.00 BRL', '3'],
      ['CARD-0022', 'Missing', 'Missing', '–', '0.00 BRL', '10500.00 BRL', '2'],
    ]);
  });

  it('refuses a gaming day that has not begun without asking the server', async () => {
    const { askedDays, user } = renderTab();
    await screen.findByRole('table', { name: 'Transactions above 3000.00 BRL' });
    fireEvent.change(screen.getByLabelText('Gaming day', { selector: 'input' }), {
      target: { value: '2026-03-12' },
    });
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(screen.getByRole('alert').textContent).toBe('That gaming day has not begun yet');
    expect(askedDays()).toEqual(['2026-03-11']);
  });

  it('prints, and downloads the CSV: the header lines, then the log and the reports, amounts in units', async () => {
    const { user } = renderTab();
    await screen.findByRole('table', { name: 'Transactions above 3000.00 BRL' });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();

    const files: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (made: Blob) => ((blob = made), 'blob:cash');
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (blob) files.push({ name: this.download, blob });
    });
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      click.mockRestore();
    });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('cash-report-5-2026-03-11.csv');
    const lines = (await files[0]!.blob.text()).replace(/^\uFEFF/, '').split('\n');
    expect(lines.slice(0, 2)).toEqual(['venue,Rio Hall', 'gaming_day,2026-03-11']);
    expect(lines).toContain('log_above,3000.00');
    expect(lines).toContain(`ledger_hash,${'cd'.repeat(32)}`);
    const log = lines.indexOf('log');
    expect(lines[log + 2]).toBe(
      '2026-03-11T23:15:00.000Z,21,CARD-0021,Ana Souza,cash_in,4000.00,7,2,Demo Cashier,trx-large-deposit,',
    );
    expect(lines[log + 3]).toMatch(/,trx-large-payout,trx-fix-1$/);
    const reports = lines.indexOf('reports');
    expect(lines[reports + 2]).toBe('21,CARD-0021,Ana Souza,CPF,123.456.789-09,1990-04-02,12000.00,0.00,3');
  });

  it('says when the log and the reports are off, or empty', async () => {
    renderTab({ ...REPORT, log_above: null, log: [], reports: [] });
    await screen.findByText('The log is off: the venue sets no amount for it (Settings).');
    expect(screen.getByText('Off', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText("No player's cash in or cash out passed that amount in this gaming day.")).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
