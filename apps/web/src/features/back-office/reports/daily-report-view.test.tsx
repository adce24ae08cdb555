// The Daily report tab: opens on the venue's last ended gaming day (by its own time zone), shows the header
// and one row per device with the total, refuses a day that has not begun without asking, prints, and
// downloads the CSV the CLI prints.
import type { Account, DailyFigures, DailyReport } from '@cashdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { addBackOfficeCatalogues } from '../../../i18n/back-office-resources';
import i18n from '../../../i18n/i18n';
import { runAtFixedTime } from '../../../test/fixed-time';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { DailyReportView } from './daily-report-view';

addBackOfficeCatalogues(i18n);
// 12:00 in Berlin on 29 March 2026: gaming day 2026-03-29 runs, 2026-03-28 is the last one ended.
runAtFixedTime('2026-03-29T10:00:00Z');

const ACCOUNT = { id: 1, currency: 'EUR', time_zone: 'Europe/Berlin', day_starts_at: 6 } as Account;
const NONE: DailyFigures = {
  deposits: 0,
  deposit_total: 0,
  withdrawals: 0,
  withdrawal_total: 0,
  cash_outs: 0,
  cash_out_total: 0,
  corrections: 0,
  correction_total: 0,
  net: 0,
  operations: 0,
  first_trx: null,
  first_at: null,
  last_trx: null,
  last_at: null,
  approvals_requested: 0,
  approvals_approved: 0,
  approvals_declined: 0,
  approvals_expired: 0,
  approvals_withdrawn: 0,
  approvals_failed: 0,
  approvals_waiting_at_start: 0,
  approvals_waiting_at_end: 0,
};
const BUSY: DailyFigures = {
  ...NONE,
  deposits: 2,
  deposit_total: 150_00,
  withdrawals: 1,
  withdrawal_total: 20_00,
  net: 130_00,
  operations: 3,
  first_trx: 'trx-morning',
  first_at: '2026-03-28T05:00:00.000Z',
  last_trx: 'trx-night',
  last_at: '2026-03-29T03:59:59.000Z',
  // 1 waiting from the night before + 4 asked = 2 approved (1 refused by the ledger) + 1 declined +
  // 1 withdrawn + 0 expired + 1 still waiting.
  approvals_waiting_at_start: 1,
  approvals_requested: 4,
  approvals_approved: 2,
  approvals_failed: 1,
  approvals_declined: 1,
  approvals_withdrawn: 1,
  approvals_waiting_at_end: 1,
};
const REPORT: DailyReport = {
  account_id: 1,
  venue: 'Harbour Hall',
  currency: 'EUR',
  day: '2026-03-28',
  time_zone: 'Europe/Berlin',
  day_starts_at: 6,
  from: '2026-03-28T05:00:00.000Z',
  to: '2026-03-29T04:00:00.000Z',
  complete: true,
  made_at: '2026-03-29T10:00:00.000Z',
  made_by: 'mona',
  ledger_head: { entries: 42, hash: 'ab'.repeat(32) },
  devices: [
    { device_id: 7, name: 'Cabinet 7', ...BUSY },
    { device_id: 8, name: 'Cabinet 8', ...NONE },
  ],
  total: BUSY,
};

function renderTab() {
  const { fetchMock } = stubApi({ 'GET /api/v1/a/manager/account/1/daily_report': { body: REPORT } });
  renderWithProviders(<DailyReportView account={ACCOUNT} />);
  const askedDays = () =>
    fetchMock.mock.calls.map(([input]) => new URL((input as Request).url).searchParams.get('day'));
  return { askedDays, user: userEvent.setup() };
}

describe('the daily report tab', () => {
  it("opens on the last ended gaming day and shows its header, devices and total in the venue's time", async () => {
    const { askedDays } = renderTab();
    expect(await screen.findByRole('heading', { name: 'Harbour Hall: gaming day 2026-03-28' })).toBeTruthy();
    expect(askedDays()).toEqual(['2026-03-28']);
    expect(screen.getByText('From 2026-03-28 06:00:00 to 2026-03-29 06:00:00 (Europe/Berlin)')).toBeTruthy();
    expect(screen.getByText('2026-03-29 12:00:00 by mona')).toBeTruthy();
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Daily report' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Cabinet 7 #7',
      'Cabinet 8 #8',
      'All devices',
    ]);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toMatch(/^2 · .*150[.,]00/);
    expect(cells[5]).toBe('trx-morning 06:00:00');
    expect(cells[6]).toBe('trx-night 05:59:59');
    // Four eyes as a sum that closes, each outcome named.
    expect([...cells[7]!.matchAll(/\d+/g)].map(Number)).toEqual([1, 4, 2, 1, 1, 0, 1, 1]);
    expect(
      within(rows[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1 waiting from before + 4 requested',
      '= 2 approved, 1 declined, 1 withdrawn, 0 expired',
      '+ 1 still waiting',
      '1 of the approved refused by the ledger: not paid',
    ]);
    // Nothing carried, nothing failed: the sum alone.
    expect(
      within(rows[1]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['0 requested', '= 0 approved, 0 declined, 0 withdrawn, 0 expired']);
    expect(within(rows[1]!).getAllByRole('cell')[5]!.textContent).toBe('–');
  });

  it('refuses a gaming day that has not begun without asking the server', async () => {
    const { askedDays, user } = renderTab();
    await screen.findByRole('table', { name: 'Daily report' });
    fireEvent.change(screen.getByLabelText('Gaming day', { selector: 'input' }), {
      target: { value: '2026-03-30' },
    });
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(screen.getByRole('alert').textContent).toBe('That gaming day has not begun yet');
    expect(askedDays()).toEqual(['2026-03-28']);
  });

  it('prints, and downloads the CSV: header lines, a blank line, the table with amounts in units', async () => {
    const { user } = renderTab();
    await screen.findByRole('table', { name: 'Daily report' });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();

    const files: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (made: Blob) => ((blob = made), 'blob:daily');
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
    expect(files[0]!.name).toBe('daily-report-1-2026-03-28.csv');
    const lines = (await files[0]!.blob.text()).replace(/^\uFEFF/, '').split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'venue,Harbour Hall',
      'gaming_day,2026-03-28',
      'from,2026-03-28T05:00:00.000Z',
    ]);
    expect(lines).toContain(`ledger_hash,${'ab'.repeat(32)}`);
    const blank = lines.indexOf('');
    expect(lines[blank + 1]).toMatch(/^device_id,device,deposits,deposit_total,/);
    expect(lines[blank + 2]).toBe(
      '7,Cabinet 7,2,150.00,1,20.00,0,0.00,0,0.00,130.00,3,trx-morning,2026-03-28T05:00:00.000Z,trx-night,2026-03-29T03:59:59.000Z,4,2,1,0,1,1,1,1',
    );
    expect(lines[blank + 4]).toMatch(/^,total,2,150\.00,/);
  });
});
