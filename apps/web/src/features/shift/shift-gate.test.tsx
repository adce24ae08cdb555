// The shift gate on the screen: a venue without shifts goes straight to its screens; with shifts, no open
// shift shows the Open shift screen (a count opens it), Close shift takes a blind count and shows the
// Z-report's figures, and a cash call refused 403 `no open shift` brings the Open shift screen back.
import type { OpenShift, ZReport } from '@cashdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi } from '../../api/base-api';
import { Toaster } from '../../components/ui/toaster';
import { makeFloat, makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { stubApi, type StubCall, type StubRoutes } from '../../test/stub-api';
import { ShiftButtons } from './close-shift-button';
import { ShiftGate } from './shift-gate';

afterEach(() => {
  vi.unstubAllGlobals();
});

const OPEN: OpenShift = {
  id: 3,
  opened_at: '2026-11-25T08:00:00.000Z',
  opening_cents: 100_00,
  operations: 0,
};
const REPORT: ZReport = {
  ...OPEN,
  operations: 2,
  closed_at: '2026-11-25T16:00:00.000Z',
  account_id: 1,
  venue: 'Demo Venue',
  currency: 'EUR',
  cashier_id: 7,
  cashier_name: 'Ana',
  cashier_login: 'cashier',
  deposits: 1,
  deposits_cents: 50_00,
  withdraws: 1,
  cash_outs: 0,
  cash_outs_cents: 0,
  withdrawals_cents: 20_00,
  expected_cents: 130_00,
  counted_cents: 125_00,
  difference_cents: -5_00,
  drops: 0,
  drops_cents: 0,
  paid_ins: 0,
  paid_in_cents: 0,
  paid_outs: 0,
  paid_out_cents: 0,
  opening_count: null,
  closing_count: null,
  movements: [],
};

function renderGate(shifts: boolean, open: OpenShift | null, more: StubRoutes = {}) {
  const server = { open, bodies: [] as unknown[] };
  const { fetchMock } = stubApi({
    'GET /api/v1/a/me': { body: makeUser() },
    'GET /api/v1/a/cashier/account_balance': { body: makeFloat({ shifts }) },
    'GET /api/v1/a/cashier/shift': () =>
      server.open ? { body: server.open } : { status: 404, body: { err: 'not found' } },
    'POST /api/v1/a/cashier/shift/open': (call: StubCall) => {
      server.bodies.push(call.body);
      server.open = OPEN;
      return { body: OPEN };
    },
    'POST /api/v1/a/cashier/shift/close': (call: StubCall) => {
      server.bodies.push(call.body);
      server.open = null;
      return { body: REPORT };
    },
    ...more,
  });
  const view = renderWithProviders(
    <>
      <ShiftGate>
        <p>devices screen</p>
        <ShiftButtons />
      </ShiftGate>
      <Toaster />
    </>,
  );
  return { ...view, server, fetchMock, user: userEvent.setup() };
}

describe('shift gate', () => {
  it('lets a venue without shifts straight in, with no Close shift and no shift call', async () => {
    const { fetchMock } = renderGate(false, null);
    await screen.findByText('devices screen');
    expect(screen.queryByRole('button', { name: 'Close shift' })).toBeNull();
    const urls = fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls.some((u) => u.includes('/a/cashier/shift'))).toBe(false);
  });

  it('asks for the opening count before the screens, then lets the cashier in', async () => {
    const { user, server } = renderGate(true, null);
    await screen.findByRole('heading', { name: 'Open shift' });
    expect(screen.queryByText('devices screen')).toBeNull();
    // An empty count is not sent: an empty drawer is typed as 0.
    await user.click(screen.getByRole('button', { name: 'Open shift' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter the cash you counted');
    await user.click(screen.getByRole('button', { name: '1' }));
    await user.click(screen.getByRole('button', { name: '0' }));
    await user.click(screen.getByRole('button', { name: '0' }));
    await user.click(screen.getByRole('button', { name: 'Open shift' }));
    await screen.findByText('devices screen');
    expect(server.bodies).toEqual([{ counted_cents: 100_00, trx: expect.any(String) }]);
  });

  it('closes blind and shows the Z-report, then the Open shift screen', async () => {
    const { user, server } = renderGate(true, OPEN);
    await user.click(await screen.findByRole('button', { name: 'Close shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close shift' });
    expect(dialog.textContent).not.toContain('130.00');
    // The count field has the focus, as in the cash modal: typed, and Enter confirms.
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Counted cash/));
    await user.keyboard('125{Enter}');
    // The count once more before anything is sent; Enter there confirms it.
    await within(dialog).findByRole('button', { name: 'Confirm' });
    expect(dialog.textContent).toContain('125.00');
    expect(server.bodies).toEqual([]);
    await user.keyboard('{Enter}');
    const report = await screen.findByRole('dialog', { name: 'Z-report' });
    expect(report.textContent).toContain('Expected130.00 EUR');
    expect(report.textContent).toContain('Counted125.00 EUR');
    expect(report.textContent).toContain('Short-5.00 EUR');
    expect(server.bodies).toEqual([{ counted_cents: 125_00, trx: expect.any(String) }]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await screen.findByRole('heading', { name: 'Open shift' });
  });

  it('brings the Open shift screen back when a cash call finds no open shift', async () => {
    const { store, server } = renderGate(true, OPEN);
    await screen.findByText('devices screen');
    server.open = null; // closed at another terminal
    stubApi({
      'GET /api/v1/a/me': { body: makeUser() },
      'GET /api/v1/a/cashier/account_balance': { body: makeFloat({ shifts: true }) },
      'GET /api/v1/a/cashier/shift': { status: 404, body: { err: 'not found' } },
      'POST /api/v1/a/cashier/devices/1/place/1/update': { status: 403, body: { err: 'no open shift' } },
    });
    const probe = baseApi.injectEndpoints({
      endpoints: (build) => ({
        probeCash: build.mutation<unknown, void>({
          query: () => ({ url: '/a/cashier/devices/1/place/1/update', method: 'POST', body: {} }),
        }),
      }),
      overrideExisting: true,
    });
    await store.dispatch(probe.endpoints.probeCash.initiate());
    await waitFor(() => expect(screen.queryByText('devices screen')).toBeNull());
    await screen.findByRole('heading', { name: 'Open shift' });
  });

  it('counts notes and coins at the open: the lines go with their sum, shown as it is typed', async () => {
    const { user, server } = renderGate(true, null);
    await screen.findByRole('heading', { name: 'Open shift' });
    await user.click(screen.getByRole('button', { name: 'Count notes and coins' }));
    await user.type(screen.getByLabelText('Number of 20.00 EUR'), '3');
    await user.type(screen.getByLabelText('Number of 0.05 EUR'), '1x2');
    expect((screen.getByLabelText('Number of 0.05 EUR') as HTMLInputElement).value).toBe('12');
    expect(screen.getByText('60.60 EUR')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open shift' }));
    await screen.findByText('devices screen');
    const body = server.bodies[0] as {
      counted_cents: number;
      denominations: { value_cents: number; quantity: number }[];
    };
    expect(body.counted_cents).toBe(60_60);
    expect(body.denominations.filter((line) => line.quantity > 0)).toEqual([
      { value_cents: 20_00, quantity: 3 },
      { value_cents: 5, quantity: 12 },
    ]);
    // Every note and coin of the euro is sent, the ones not there as 0.
    expect(body.denominations).toHaveLength(15);
  });

  it('records a paid-out only with its reason, and resends a lost answer under the same trx', async () => {
    const sent: unknown[] = [];
    let lose = true;
    const { user } = renderGate(true, OPEN, {
      'POST /api/v1/a/cashier/shift/3/paid_out': (call: StubCall) => {
        sent.push(call.body);
        if (lose) {
          lose = false;
          return { network: true };
        }
        return {
          body: {
            id: 1,
            shift_id: 3,
            kind: 'paid_out',
            amount: 7_50,
            reason: 'Milk',
            trx: 'x',
            created_at: OPEN.opened_at,
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Till' }));
    const till = await screen.findByRole('dialog', { name: 'Till' });
    await user.click(within(till).getByRole('button', { name: 'Paid out' }));
    const form = await screen.findByRole('dialog', { name: 'Paid out' });
    await user.keyboard('7.5');
    await user.click(within(form).getByRole('button', { name: 'Record paid out' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Enter the reason');
    expect(sent).toEqual([]);
    await user.type(within(form).getByLabelText('Reason'), '  Milk ');
    await user.click(within(form).getByRole('button', { name: 'Record paid out' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await user.click(within(form).getByRole('button', { name: 'Record paid out' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paid out' })).toBeNull());
    expect(sent).toEqual([
      { amount: 7_50, reason: 'Milk', trx: expect.any(String) },
      { amount: 7_50, reason: 'Milk', trx: (sent[0] as { trx: string }).trx },
    ]);
  });
});
