import type { Device, Restriction } from '@cashdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { stubApi, type StubRoutes } from '../../test/stub-api';
import { makeDevice, makeFloat, makeUser } from '../../test/fixtures';
import { runAtFixedTime } from '../../test/fixed-time';
import { fakeReport, makeEntry, type ReportCalls } from '../../test/report-fixtures';
import { Toaster } from '../../components/ui/toaster';
import { HistoryRoute } from './history-route';

const NOW = '2026-11-22T12:00:00Z';
const rocket = { id: 1, name: 'Rocket 1' };
const fruit = { id: 5, name: 'Fruit 5' };
const phone = { id: 9, name: 'Home play' }; // a home-play device: in the report, not in the list
const devices: Device[] = [makeDevice(rocket), makeDevice(fruit)];
const TRX_A = 'aaaa1111-2222-4333-8444-55556666zzzz';
// Today (the 22nd) four operations, yesterday one.
const entries = [
  makeEntry(TRX_A, 20_00, '2026-11-22T10:00:00.000Z', rocket, 1),
  makeEntry('bbbb-withdraw-fruit', -5_50, '2026-11-22T10:30:00.000Z', fruit, 2),
  makeEntry('cccc-deposit-phone', 7_25, '2026-11-22T11:00:00.000Z', phone, 1),
  makeEntry('dddd-withdraw-rocket', -2_00, '2026-11-22T11:30:00.000Z', rocket, 3),
  makeEntry('eeee-yesterday', 100_00, '2026-11-21T10:00:00.000Z', rocket, 1),
];
const EVERY: Restriction[] = ['can_view_history_reports'];

function renderHistory(options: { routes?: StubRoutes; restrictions?: Restriction[] } = {}) {
  const calls: ReportCalls = { bodies: [] };
  stubApi({
    'GET /api/v1/a/me': { body: makeUser(options.restrictions ?? EVERY) },
    'GET /api/v1/a/cashier/account_balance': { body: makeFloat() },
    'GET /api/v1/a/cashier/devices': { body: devices },
    'POST /api/v1/a/cashier/report': fakeReport(entries, calls, [phone.id]),
    ...options.routes,
  });
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/history" element={<HistoryRoute />} />
        <Route path="/devices" element={<p>devices screen</p>} />
      </Routes>
      <Toaster />
    </>,
    { route: '/history' },
  );
  return { ...view, calls, user: userEvent.setup() };
}

/** The operations listed, as the device-name column (or accordion) shows them, top to bottom. */
function listedTrxs(): string[] {
  return screen
    .getAllByRole('button', { name: /^Copy transaction ID/ })
    .map((b) => b.getAttribute('aria-label')!.replace('Copy transaction ID ', ''));
}

function figure(name: string): string {
  const totals = screen.getByRole('region', { name: 'Figures of the operations shown' });
  return within(totals).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

/** Waits for the listed operations; the first test also waits for the page's own chunk to load. */
async function waitForRows(count: number) {
  await waitFor(
    () => expect(screen.getAllByRole('button', { name: /^Copy transaction ID/ })).toHaveLength(count),
    { timeout: 5000 },
  );
}

runAtFixedTime(NOW);

describe('the /history route', () => {
  it("sends a cashier without can_view_history_reports to /devices with the 'no page' toast", async () => {
    renderHistory({ restrictions: [] });
    expect(await screen.findByText('devices screen')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Page does not exist');
  });
});

describe('HistoryPage', () => {
  it("lists today's operations of every device, newest first, with counts and figures", async () => {
    const { calls } = renderHistory();
    await waitForRows(4);
    const table = screen.getByRole('table', { name: 'Your deposits and withdraws in the period' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Device name', 'Device ID', 'Player', 'Transaction ID', 'Amount', 'Type', 'Date']);
    const [, first] = within(table).getAllByRole('row');
    const cells = within(first!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 3)).toEqual(['Rocket 1', '1', '3']);
    expect(cells.slice(4, 6)).toEqual(['−2.00', 'Withdraw']);
    expect(cells[6]).toMatch(/^22\.11 \d\d:\d\d$/);
    expect(listedTrxs()).toEqual(['dddd…cket', 'cccc…hone', 'bbbb…ruit', 'aaaa…zzzz']);

    expect(screen.getByRole('tab', { name: 'All (4)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Deposit (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Withdraw (2)' })).toBeTruthy();
    expect(figure('Total delta')).toBe('19.75 EUR');
    expect(figure('Total operations')).toBe('4');
    expect(figure('Total income')).toBe('27.25 EUR');
    expect(figure('Total outcome')).toBe('7.50 EUR');
    // Today, 00:00:00 to 23:59:59, every device of the list and the home-play ones.
    expect(calls.bodies[0]).toMatchObject({ device_ids: [1, 5], remote: true });
    expect(calls.bodies[0]!.from).toMatch(/^2026-11-22T00:00:00[+-]\d\d:00$/);
    expect(calls.bodies[0]!.to).toMatch(/^2026-11-22T23:59:59[+-]\d\d:00$/);
  });

  it('shows one type per tab, and sorts oldest first', async () => {
    const { user } = renderHistory();
    await waitForRows(4);
    await user.click(screen.getByRole('tab', { name: 'Withdraw (2)' }));
    expect(listedTrxs()).toEqual(['dddd…cket', 'bbbb…ruit']);
    expect(figure('Total operations')).toBe('2');
    expect(figure('Total delta')).toBe('-7.50 EUR');
    expect(figure('Total income')).toBe('0.00 EUR');

    await user.click(screen.getByRole('tab', { name: 'Deposit (2)' }));
    expect(listedTrxs()).toEqual(['cccc…hone', 'aaaa…zzzz']);

    await user.selectOptions(screen.getByLabelText('Sort'), 'Oldest first');
    expect(listedTrxs()).toEqual(['aaaa…zzzz', 'cccc…hone']);
  });

  it('filters by device, home-play devices included, and resets the filters', async () => {
    const { user } = renderHistory();
    await waitForRows(4);
    const reset = screen.getByRole('button', { name: 'Reset filters' }) as HTMLButtonElement;
    expect(reset.disabled).toBe(true);
    const options = within(screen.getByLabelText('Device')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'All devices',
      'Fruit 5 (ID 5)',
      'Home play (ID 9)',
      'Rocket 1 (ID 1)',
    ]);

    await user.selectOptions(screen.getByLabelText('Device'), 'Rocket 1 (ID 1)');
    expect(listedTrxs()).toEqual(['dddd…cket', 'aaaa…zzzz']);
    expect(screen.getByRole('tab', { name: 'All (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Deposit (1)' })).toBeTruthy();
    expect(figure('Total delta')).toBe('18.00 EUR');

    await user.selectOptions(screen.getByLabelText('Device'), 'Home play (ID 9)');
    expect(listedTrxs()).toEqual(['cccc…hone']);
    await user.selectOptions(screen.getByLabelText('Sort'), 'Oldest first');
    await user.click(screen.getByRole('tab', { name: 'Withdraw (0)' }));
    expect(screen.getByText('No operations in this period.')).toBeTruthy();

    await user.click(reset);
    expect(listedTrxs()).toEqual(['dddd…cket', 'cccc…hone', 'bbbb…ruit', 'aaaa…zzzz']);
    expect(screen.getByRole('tab', { name: 'All (4)' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('newest');
    expect(reset.disabled).toBe(true);
  });

  it('asks for another period with its offset on Save, and keeps Save disabled until it is complete', async () => {
    const { user, calls } = renderHistory();
    await waitForRows(4);
    const toggle = screen.getByRole('button', { name: /^Period/ });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('form', { name: 'Period' });
    const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;

    await user.selectOptions(within(form).getByLabelText('GMT offset'), 'GMT-03:00');
    fireEvent.change(within(form).getByLabelText('From date'), { target: { value: '21.11.2026' } });
    fireEvent.change(within(form).getByLabelText('To time'), { target: { value: '' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('To time'), { target: { value: '08:00:00' } });
    expect(save.disabled).toBe(false);
    // Nothing is asked before Save.
    expect(calls.bodies).toHaveLength(1);
    await user.click(save);

    // The 21st 00:00:00 to the 22nd 08:00:00 at GMT-03:00 (03:00Z to 11:00:00Z): yesterday's and three of today's.
    await waitForRows(4);
    expect(calls.bodies.at(-1)).toEqual({
      device_ids: [1, 5],
      from: '2026-11-21T00:00:00-03:00',
      to: '2026-11-22T08:00:00-03:00',
      remote: true,
    });
    expect(listedTrxs()).toEqual(['cccc…hone', 'bbbb…ruit', 'aaaa…zzzz', 'eeee…rday']);
    expect(screen.queryByRole('form', { name: 'Period' })).toBeNull();
    expect(toggle.textContent).toBe('Period21.11.2026 00:00:00 – 22.11.2026 08:00:00 (GMT-03:00)');
    expect(document.activeElement).toBe(toggle);

    // Reset puts back today, 00:00:00 to 23:59:59; Escape closes without saving and stays on the page.
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect((screen.getByLabelText('From date') as HTMLInputElement).value).toMatch(/^2[12]\.11\.2026$/);
    expect((screen.getByLabelText('To time') as HTMLInputElement).value).toBe('23:59:59');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Period' })).toBeNull();
    expect(toggle.textContent).toContain('(GMT-03:00)');
    expect(screen.queryByText('devices screen')).toBeNull();
  });

  it('returns to /devices on Escape', async () => {
    const { user } = renderHistory();
    await waitForRows(4);
    await user.keyboard('{Escape}');
    expect(await screen.findByText('devices screen')).toBeTruthy();
  });

  it("says 'No devices available' when the cashier has none", async () => {
    const { calls } = renderHistory({ routes: { 'GET /api/v1/a/cashier/devices': { body: [] } } });
    expect((await screen.findByRole('alert')).textContent).toBe('No devices available');
    expect(calls.bodies).toEqual([]);
  });

  it('prints the report with its title, period, offset, cashier and generation time', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderHistory();
    await waitForRows(4);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    const header = screen.getByText('Cashier history report').closest('header')!;
    const line = (name: string) =>
      within(header).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(line('Period')).toMatch(/^22\.11\.2026 00:00:00 – 22\.11\.2026 23:59:59$/);
    expect(line('GMT offset')).toMatch(/^GMT[+-]\d\d:00$/);
    expect(line('Cashier')).toBe('Ana (ID 7)');
    expect(line('Generated')).toMatch(/^22\.11\.2026 \d\d:\d\d:00$/);
    expect(line('Shown')).toBe('All (4) · All devices');
  });
});

describe('HistoryPage export and chart', () => {
  /** Catches the file the page hands to the browser's downloads. */
  function catchDownloads() {
    const files: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    // jsdom has no object URLs and no downloads: both are stood in for, and put back after the test.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (made: Blob) => ((blob = made), 'blob:history');
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
    return files;
  }

  async function savePeriod(user: ReturnType<typeof userEvent.setup>, offset: string) {
    await user.click(screen.getByRole('button', { name: /^Period/ }));
    const form = screen.getByRole('form', { name: 'Period' });
    await user.selectOptions(within(form).getByLabelText('GMT offset'), offset);
    fireEvent.change(within(form).getByLabelText('From date'), { target: { value: '22.11.2026' } });
    fireEvent.change(within(form).getByLabelText('To date'), { target: { value: '22.11.2026' } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
  }

  it('downloads what is listed as CSV: tab, device and order, times at the offset, money to the cent', async () => {
    const files = catchDownloads();
    const { user } = renderHistory();
    await waitForRows(4);
    await savePeriod(user, 'GMT+02:00');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Period22.11.2026 00:00:00 – 22.11.2026 23:59:59 (GMT+02:00)' }),
      ).toBeTruthy(),
    );
    await waitForRows(4);
    await user.selectOptions(screen.getByLabelText('Sort'), 'Oldest first');
    const exportButton = screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement;
    await waitFor(() => expect(exportButton.disabled).toBe(false));
    await user.click(exportButton);

    expect(files).toHaveLength(1);
    expect(files[0]!.name).toBe('cashdesk-history-2026-11-22.csv');
    expect(files[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await files[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8's BOM, for spreadsheet programs
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.split('\n')).toEqual([
      '\uFEFFDate,Type,Amount,Currency,Device name,Device ID,Player,Transaction ID',
      `2026-11-22T12:00:00+02:00,Deposit,20.00,EUR,Rocket 1,1,1,${TRX_A}`,
      '2026-11-22T12:30:00+02:00,Withdraw,-5.50,EUR,Fruit 5,5,2,bbbb-withdraw-fruit',
      '2026-11-22T13:00:00+02:00,Deposit,7.25,EUR,Home play,9,1,cccc-deposit-phone',
      '2026-11-22T13:30:00+02:00,Withdraw,-2.00,EUR,Rocket 1,1,3,dddd-withdraw-rocket',
      '',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Withdraw (2)' }));
    await user.selectOptions(screen.getByLabelText('Device'), 'Rocket 1 (ID 1)');
    await user.click(exportButton);
    const second = new TextDecoder().decode(await files[1]!.blob.arrayBuffer());
    expect(second.split('\n').slice(1)).toEqual([
      '2026-11-22T13:30:00+02:00,Withdraw,-2.00,EUR,Rocket 1,1,3,dddd-withdraw-rocket',
      '',
    ]);
  });

  it('charts the operations shown by hour of the chosen offset, with their table', async () => {
    const { user } = renderHistory();
    await waitForRows(4);
    await savePeriod(user, 'GMT+02:00');
    const figure = await screen.findByRole('figure', {
      name: 'Deposits and withdrawals by hour (GMT+02:00)',
    });
    await waitFor(() =>
      expect(within(figure).getByRole('img').getAttribute('aria-label')).toContain(
        'Deposits: 2, 27.25 EUR. Withdrawals: 2, 7.50 EUR.',
      ),
    );
    await user.click(within(figure).getByRole('button', { name: 'Show as a table' }));
    const rowsOf = () =>
      within(within(figure).getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((tr) => [...tr.children].map((cell) => cell.textContent).join(' '))
        .filter((line) => !line.endsWith(' 0 0.00 0 0.00'));
    // 10:00Z to 11:30Z are 12:00 and 13:00 at GMT+02:00.
    expect(rowsOf()).toEqual(['12:00 1 20.00 1 5.50', '13:00 1 7.25 1 2.00']);
    // The chart follows the device filter, as the figures do.
    await user.selectOptions(screen.getByLabelText('Device'), 'Fruit 5 (ID 5)');
    expect(rowsOf()).toEqual(['12:00 0 0.00 1 5.50']);
  });
});

describe('HistoryPage on a phone', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: media.includes('max-width'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });

  it('folds each operation to device, amount and date, and opens it to the rest', async () => {
    const { user } = renderHistory();
    const list = await screen.findByRole('list', { name: 'Your deposits and withdraws in the period' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const summary = items[3]!.querySelector('summary')!;
    expect(summary.textContent).toMatch(/^Rocket 1\+20\.0022\.11 \d\d:\d\d$/);
    await user.click(summary);
    expect(items[3]!.querySelector('details')!.open).toBe(true);
    expect(within(items[3]!).getByText('aaaa…')).toBeTruthy();
    expect(within(items[3]!).getByRole('button', { name: 'Copy transaction ID aaaa…' })).toBeTruthy();
    expect(within(items[3]!).getByText('Deposit')).toBeTruthy();
    // The table is there for paper only.
    expect(screen.queryByRole('table')).toBeNull();
  });
});
