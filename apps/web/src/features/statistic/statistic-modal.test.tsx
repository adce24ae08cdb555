import type { Device } from '@cashdesk/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { stubApi, type StubRoutes } from '../../test/stub-api';
import { makeDevice, makeFloat, makeUser } from '../../test/fixtures';
import { runAtFixedTime } from '../../test/fixed-time';
import { fakeReport, makeEntry, type ReportCalls } from '../../test/report-fixtures';
import { HistoryRoute } from '../history';
import { Toaster } from '../../components/ui/toaster';
import { StatisticModal } from './statistic-modal';

const NOW = '2026-11-22T12:00:00Z';
const devices: Device[] = [makeDevice({ id: 5, name: 'Fruit 5' }), makeDevice({ id: 1, name: 'Rocket 1' })];
const rocket = { id: 1, name: 'Rocket 1' };
const fruit = { id: 5, name: 'Fruit 5' };
// The cashier's operations: three on the 21st at GMT+02:00 (one of them 21:59:59Z, i.e. 23:59:59 local),
// and one just after that day ends there.
const entries = [
  makeEntry('t-1', 10_00, '2026-11-20T22:00:00.000Z', rocket),
  makeEntry('t-2', -4_01, '2026-11-21T09:30:00.000Z', fruit),
  makeEntry('t-3', 5_01, '2026-11-21T21:59:59.500Z', rocket),
  makeEntry('t-4', 99_00, '2026-11-21T22:00:00.000Z', rocket),
];

function renderModal(routes: StubRoutes = {}) {
  const calls: ReportCalls = { bodies: [] };
  const { fetchMock } = stubApi({
    'GET /api/v1/a/me': { body: makeUser() },
    'GET /api/v1/a/cashier/account_balance': { body: makeFloat() },
    'GET /api/v1/a/cashier/devices': { body: devices },
    'POST /api/v1/a/cashier/report': fakeReport(entries, calls),
    ...routes,
  });
  const onClose = vi.fn();
  const view = renderWithProviders(
    <>
      <StatisticModal onClose={onClose} />
      <Toaster />
    </>,
  );
  return { ...view, calls, fetchMock, onClose, user: userEvent.setup() };
}

function dialog() {
  return screen.getByRole('dialog', { name: 'Statistic' });
}

function figure(region: HTMLElement, name: string): string {
  const term = within(region).getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

/** Sets the period the way a person does: pick the offset, type the dates and times. */
async function choosePeriod(
  user: ReturnType<typeof userEvent.setup>,
  period: { offset: string; fromDate: string; fromTime: string; toDate: string; toTime: string },
  where: HTMLElement = document.body,
) {
  const field = (label: string) => within(where).getByLabelText(label);
  await user.selectOptions(field('GMT offset'), period.offset);
  fireEvent.change(field('From date'), { target: { value: period.fromDate } });
  fireEvent.change(field('From time'), { target: { value: period.fromTime } });
  fireEvent.change(field('To date'), { target: { value: period.toDate } });
  fireEvent.change(field('To time'), { target: { value: period.toTime } });
}

const the21stAtPlus2 = {
  offset: 'GMT+02:00',
  fromDate: '21.11.2026', // typed day first
  fromTime: '00:00:00',
  toDate: '21.11.2026',
  toTime: '23:59:59',
};

runAtFixedTime(NOW);

describe('StatisticModal', () => {
  it('goes from idle through loading to the period figures, summed to the cent', async () => {
    let answer: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const calls: ReportCalls = { bodies: [] };
    const report = fakeReport(entries, calls);
    const { user } = renderModal({
      'POST /api/v1/a/cashier/report': async (request) => {
        await gate;
        return report(request);
      },
    });
    expect(within(dialog()).getByText('Choose a period and submit to see its figures.')).toBeTruthy();
    await choosePeriod(user, the21stAtPlus2);
    const submit = within(dialog()).getByRole('button', { name: 'Submit' });
    await vi.waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);

    expect(await within(dialog()).findByRole('status')).toHaveProperty('textContent', 'Loading…');
    answer?.();
    const result = await within(dialog()).findByRole('region', { name: 'Statistic result' });
    // t-1 (00:00 local), t-2 and t-3 (23:59:59.500 local); not t-4 (00:00 the next day).
    expect(figure(result, 'Total delta')).toBe('11.00 EUR');
    expect(figure(result, 'Total operations')).toBe('3');
    expect(figure(result, 'Total income')).toBe('15.01 EUR');
    expect(figure(result, 'Total outcome')).toBe('4.01 EUR');
    expect(within(dialog()).getByText('21.11.2026 00:00:00 – 21.11.2026 23:59:59 (GMT+02:00)')).toBeTruthy();
    expect(calls.bodies).toEqual([
      {
        device_ids: [1, 5],
        from: '2026-11-21T00:00:00+02:00',
        to: '2026-11-21T23:59:59+02:00',
        remote: true,
      },
    ]);
  });

  it("charts the period's operations by hour of its offset, with the same figures as a table", async () => {
    const { user } = renderModal();
    await choosePeriod(user, the21stAtPlus2);
    const submit = within(dialog()).getByRole('button', { name: 'Submit' });
    await vi.waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);
    const chart = await within(dialog()).findByRole('figure', {
      name: 'Deposits and withdrawals by hour (GMT+02:00)',
    });
    expect(within(chart).getByRole('img').getAttribute('aria-label')).toContain(
      'Deposits: 2, 15.01 EUR. Withdrawals: 1, 4.01 EUR.',
    );
    await user.click(within(chart).getByRole('button', { name: 'Show as a table' }));
    const hours = within(within(chart).getByRole('table')).getAllByRole('row').slice(1);
    expect(hours).toHaveLength(24);
    const line = (i: number) => [...hours[i]!.children].map((cell) => cell.textContent);
    // t-1 at 00:00, t-2 at 11:30, t-3 at 23:59:59.500 (GMT+02:00); t-4 is the next day.
    expect(line(0)).toEqual(['00:00', '1', '10.00', '0', '0.00']);
    expect(line(11)).toEqual(['11:00', '0', '0.00', '1', '4.01']);
    expect(line(23)).toEqual(['23:00', '1', '5.01', '0', '0.00']);
  });

  it('offers the 25 GMT offsets and dates from 2024-12-18 to today at the chosen offset', async () => {
    const { user } = renderModal();
    const offsets = within(screen.getByLabelText('GMT offset')).getAllByRole('option');
    expect(offsets.map((o) => o.textContent)).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `GMT-${String(12 - i).padStart(2, '0')}:00`),
      'GMT+00:00',
      ...Array.from({ length: 12 }, (_, i) => `GMT+${String(i + 1).padStart(2, '0')}:00`),
    ]);
    expect(offsets.map((o) => (o as HTMLOptionElement).value)).toContain('+01:00');
    // Day first and 24-hour whatever the browser's locale, with the format to type beside each field.
    const fromDate = screen.getByLabelText('From date') as HTMLInputElement;
    expect(fromDate.value).toBe('22.11.2026');
    expect(fromDate.getAttribute('inputmode')).toBe('numeric');
    expect(
      fromDate
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual(['dd.mm.yyyy']);
    await user.selectOptions(screen.getByLabelText('GMT offset'), 'GMT+12:00'); // already the 23rd there
    expect((screen.getByLabelText('To date') as HTMLInputElement).value).toBe('23.11.2026');
    expect((screen.getByLabelText('From time') as HTMLInputElement).value).toBe('00:00:00');
    expect((screen.getByLabelText('To time') as HTMLInputElement).value).toBe('23:59:59');
  });

  it('keeps Submit disabled, and says why, until every field is set and the period is valid', async () => {
    const { user, calls } = renderModal();
    await choosePeriod(user, the21stAtPlus2);
    const submit = within(dialog()).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(submit.disabled).toBe(false));

    fireEvent.change(screen.getByLabelText('From time'), { target: { value: '' } });
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('Set the GMT offset, both dates and both times.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('From time'), { target: { value: '12:00:00' } });
    fireEvent.change(screen.getByLabelText('To time'), { target: { value: '11:59:59' } });
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('The start must not be after the end.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '17.12.2024' } });
    expect(screen.getByText('Dates can be chosen from 18.12.2024 to 22.11.2026.')).toBeTruthy();

    // A day that does not exist is refused under its field, in words.
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '29.02.2026' } });
    expect(screen.getByLabelText('From date').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('No such date: write the day first, as dd.mm.yyyy.')).toBeTruthy();
    expect(submit.disabled).toBe(true);

    await user.click(submit);
    expect(calls.bodies).toEqual([]);
  });

  it("says 'No devices available' and asks nothing when the cashier has no devices", async () => {
    const { calls } = renderModal({ 'GET /api/v1/a/cashier/devices': { body: [] } });
    expect(await within(dialog()).findByRole('alert')).toHaveProperty('textContent', 'No devices available');
    expect((within(dialog()).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(calls.bodies).toEqual([]);
  });

  it('shows a failed report as a toast and stays ready for another try', async () => {
    const { user } = renderModal({
      'POST /api/v1/a/cashier/report': { status: 403, body: { err: 'Forbidden' } },
    });
    const submit = within(dialog()).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Forbidden');
    expect(within(dialog()).queryByRole('region', { name: 'Statistic result' })).toBeNull();
    expect(within(dialog()).getByText('Choose a period and submit to see its figures.')).toBeTruthy();
  });
});

describe('StatisticModal and the history page', () => {
  it('agree to the cent for the same period', async () => {
    // The history route opens the page for a cashier allowed to see it; the modal does not ask.
    const { user } = renderModal({ 'GET /api/v1/a/me': { body: makeUser(['can_view_history_reports']) } });
    await choosePeriod(user, the21stAtPlus2);
    const submit = within(dialog()).getByRole('button', { name: 'Submit' });
    await vi.waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);
    const statistic = await within(dialog()).findByRole('region', { name: 'Statistic result' });

    // The route, as the app has it: the page comes in its own chunk.
    renderWithProviders(<HistoryRoute />);
    await user.click(await screen.findByRole('button', { name: /^Period/ }, { timeout: 4000 }));
    const form = screen.getByRole('form', { name: 'Period' });
    await choosePeriod(user, the21stAtPlus2, form);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('tab', { name: 'All (3)' });
    const history = screen.getByRole('region', { name: 'Figures of the operations shown' });

    for (const name of ['Total delta', 'Total operations', 'Total income', 'Total outcome']) {
      expect(figure(history, name), name).toBe(figure(statistic, name));
    }
    expect(figure(history, 'Total income')).toBe('15.01 EUR');
  });
});
