import { POLL_INTERVAL_MS, type Restriction } from '@cashdesk/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { devicesApi } from './api/devices-api';
import { DevicesPage } from './devices-page';
import { makeDetail, makeDevice, screenRoutes, totalsOf } from '../../test/fixtures';
import { stubApi, type StubRoutes } from '../../test/stub-api';

const EVERY: Restriction[] = ['can_edit_device', 'can_register_new_device'];

const devices = [
  makeDevice({
    id: 1,
    name: 'Rocket 1',
    summary: {
      deposit_24h: 10000,
      withdraw_24h: 2500,
      delta_24h: 7500,
      last_deposit: null,
      last_withdraw: null,
    },
  }),
  makeDevice({
    id: 2,
    name: 'Fruit 2',
    module: 5,
    summary: { deposit_24h: 500, withdraw_24h: 0, delta_24h: 500, last_deposit: null, last_withdraw: null },
  }),
  makeDevice({ id: 3, name: 'Frog in the back room', module: 7, hidden: true }),
];

function renderPage(routes: StubRoutes) {
  const api = stubApi(routes);
  const result = renderWithProviders(<DevicesPage />, { route: '/devices' });
  return { ...result, api };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The list row of the device named `name`. */
const rowOf = (name: string) => screen.getByRole('button', { name: `Open device ${name}` }).closest('tr')!;

describe('DevicesPage', () => {
  it('lists the visible devices with their counts, and the hidden ones with can_edit_device', async () => {
    renderPage(screenRoutes({ restrictions: EVERY, devices }));
    expect(await screen.findByRole('button', { name: 'Open device Rocket 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open device Fruit 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Frog/ })).toBeNull();

    const visible = screen.getByRole('button', { name: 'Visible 2' });
    expect(visible.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Hidden 1' }));
    expect(screen.getByRole('button', { name: 'Open device Frog in the back room' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open device Rocket 1' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Edit device/ })).toHaveLength(1);
  });

  it('offers neither Hidden nor the edit pen without can_edit_device', async () => {
    renderPage(screenRoutes({ restrictions: [], devices }));
    await screen.findByRole('button', { name: 'Open device Rocket 1' });
    expect(screen.getByRole('button', { name: 'Visible 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Hidden/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit device/ })).toBeNull();
  });

  it('shows game icons by module, and shortens long names', async () => {
    renderPage(
      screenRoutes({
        restrictions: EVERY,
        devices: [makeDevice({ id: 4, module: 5, name: 'Fruit Game by the entrance' })],
      }),
    );
    const open = await screen.findByRole('button', { name: 'Open device Fruit Game by the entrance' });
    expect(open.textContent).toBe('Fruit Game b…');
    expect(screen.getByRole('img', { name: 'Fruit Game' })).toBeTruthy();
  });

  it('shows Add device only with can_register_new_device', async () => {
    const first = renderPage(screenRoutes({ restrictions: ['can_register_new_device'], devices }));
    await screen.findByRole('button', { name: 'Open device Rocket 1' });
    expect(screen.getByRole('button', { name: 'Add device' })).toBeTruthy();
    first.unmount();

    renderPage(screenRoutes({ restrictions: [], devices }));
    await screen.findByRole('button', { name: 'Open device Rocket 1' });
    expect(screen.queryByRole('button', { name: 'Add device' })).toBeNull();
  });

  it('shows Remote devices only when the float has home_play', async () => {
    const first = renderPage(screenRoutes({ devices, float: { home_play: true } }));
    expect(await screen.findByRole('button', { name: 'Remote devices' })).toBeTruthy();
    first.unmount();

    renderPage(screenRoutes({ devices, float: { home_play: false } }));
    await screen.findByRole('button', { name: 'Open device Rocket 1' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remote devices' })).toBeNull());
  });

  it("shows the venue's 24-hour totals as the server sums them, unless disable_daily_total is held", async () => {
    // 35.00 deposited on a home-play phone, which the list (cabinets only) does not hold: the header
    // shows the server's venue figures, not a sum of the rows.
    const withPhone = { ...totalsOf(devices), deposit_24h: 105_00 + 35_00, delta_24h: 140_00 - 25_00 };
    const first = renderPage({
      ...screenRoutes({ devices }),
      'GET /api/v1/a/cashier/daily_totals': { body: withPhone },
    });
    const totals = await screen.findByLabelText('Totals of the last 24 hours');
    expect(within(totals).getByText('140.00')).toBeTruthy();
    expect(within(totals).getByText('25.00')).toBeTruthy();
    first.unmount();

    renderPage(screenRoutes({ restrictions: ['disable_daily_total'], devices }));
    await screen.findByRole('button', { name: 'Open device Rocket 1' });
    expect(screen.queryByLabelText('Totals of the last 24 hours')).toBeNull();
  });

  it('follows the venue: a poll brings Payment and the totals up to date with no loading flash, keeping rows and selection', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let list = devices;
    let held: Promise<void> | null = null;
    const { api } = renderPage({
      ...screenRoutes({ restrictions: EVERY, devices }),
      'GET /api/v1/a/cashier/devices': async () => {
        if (held) await held;
        return { body: list };
      },
      'GET /api/v1/a/cashier/daily_totals': async () => {
        if (held) await held;
        return { body: totalsOf(list) };
      },
      'GET /api/v1/a/cashier/devices/2': { body: makeDetail({ id: 2, name: 'Fruit 2', module: 5 }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open device Fruit 2' }));
    await within(screen.getByRole('complementary')).findByRole('button', { name: 'Manage player 1' });
    const table = screen.getByRole('table', { name: 'Devices of the venue' });
    expect(within(rowOf('Rocket 1')).getByText('25.00')).toBeTruthy();
    const listCalls = () =>
      api.calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/a/cashier/devices');
    const before = listCalls().length;

    // A colleague deposits 50.00 on Rocket 1 at another till; this screen's next poll is held in flight.
    list = devices.map((d) =>
      d.id === 1
        ? { ...d, payment: 7500, summary: { ...d.summary, deposit_24h: 15000, delta_24h: 12500 } }
        : d,
    );
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(listCalls().length).toBe(before + 1);
    // While it runs, the old list stays: no loading line, the same table, the selection kept.
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(within(rowOf('Rocket 1')).getByText('25.00')).toBeTruthy();

    await act(async () => release());
    await waitFor(() => expect(within(rowOf('Rocket 1')).getByText('75.00')).toBeTruthy());
    expect(within(screen.getByLabelText('Totals of the last 24 hours')).getByText('155.00')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Devices of the venue' })).toBe(table);
    expect(screen.getByRole('button', { name: 'Open device Fruit 2' }).getAttribute('aria-current')).toBe(
      'true',
    );
  });

  it("hides the side panel's 24-hour sums with disable_daily_total, and keeps the latest deposit and withdraw", async () => {
    const summary = {
      deposit_24h: 10000,
      withdraw_24h: 2500,
      delta_24h: 7500,
      last_deposit: { amount: 4000, created_at: '2026-11-20T10:00:00.000Z' },
      last_withdraw: null,
    };
    const routes = (restrictions: Restriction[]) => ({
      ...screenRoutes({ restrictions, devices }),
      'GET /api/v1/a/cashier/devices/1': { body: makeDetail({ id: 1, name: 'Rocket 1', summary }) },
    });
    const panel = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Open device Rocket 1' }));
      const aside = screen.getByRole('complementary', { name: 'Device details' });
      await within(aside).findByText('Latest deposit');
      return aside;
    };

    const first = renderPage(routes([]));
    let aside = await panel();
    for (const label of ['24h deposit', '24h withdraw', '24h delta']) {
      expect(within(aside).getByText(label)).toBeTruthy();
    }
    first.unmount();

    renderPage(routes(['disable_daily_total']));
    aside = await panel();
    for (const label of ['24h deposit', '24h withdraw', '24h delta']) {
      expect(within(aside).queryByText(label)).toBeNull();
    }
    expect(within(aside).queryByText('100.00')).toBeNull();
    expect(within(aside).getByText('Latest withdraw')).toBeTruthy();
    expect(within(aside).getByText('40.00')).toBeTruthy();
  });

  it('opens the block modal instead of the PIN modal under a hard block', async () => {
    renderPage(screenRoutes({ devices, float: { home_play: true, is_hard_block_home_play: true } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remote devices' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sorry, remote devices are blocked')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /^OK/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the block modal under a light block, then the PIN modal', async () => {
    renderPage(screenRoutes({ devices, float: { home_play: true, is_light_block_home_play: true } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remote devices' }));
    const block = await screen.findByRole('dialog');
    fireEvent.click(within(block).getByRole('button', { name: /^OK/ }));
    expect(await screen.findByRole('dialog', { name: 'Remote device' })).toBeTruthy();
  });

  it('opens a device in the side panel and goes back to the list on a 406', async () => {
    let detailStatus = 200;
    const { store } = renderPage({
      ...screenRoutes({ devices }),
      'GET /api/v1/a/cashier/devices/1': () =>
        detailStatus === 200
          ? { body: makeDetail({ id: 1, name: 'Rocket 1' }) }
          : { status: detailStatus, body: { err: 'device not available' } },
    });
    expect(await screen.findByText('Select a device')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Open device Rocket 1' }));
    const panel = screen.getByRole('complementary', { name: 'Device details' });
    expect(await within(panel).findByRole('button', { name: 'Manage player 2' })).toBeTruthy();
    expect(within(panel).getByText('Final bonus 2.50')).toBeTruthy();
    expect(within(panel).getByRole('img', { name: 'Blue' })).toBeTruthy();

    // The next poll answers 406 (the device left this venue): refetch now rather than wait 5 s.
    detailStatus = 406;
    store.dispatch(devicesApi.util.invalidateTags([{ type: 'Device', id: 1 }]));
    expect(await screen.findByText('Select a device')).toBeTruthy();
  });

  it('opens the cash-manage modal of a place from Manage', async () => {
    renderPage({
      ...screenRoutes({ devices }),
      'GET /api/v1/a/cashier/devices/1': { body: makeDetail({ id: 1, name: 'Rocket 1' }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open device Rocket 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Manage player 2' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows registration in progress for a device still registering', async () => {
    renderPage({
      ...screenRoutes({ devices: [makeDevice({ id: 9, name: 'New', status: 'registering', players: 0 })] }),
      'GET /api/v1/a/cashier/devices/9': {
        body: makeDetail({ id: 9, name: 'New', status: 'registering', places: [] }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open device New' }));
    expect(await screen.findByText('Device registration in progress...')).toBeTruthy();
  });

  it('says devices will be displayed when there are none yet', async () => {
    renderPage(screenRoutes({ devices: [] }));
    expect(await screen.findByText('Devices in progress will be displayed here')).toBeTruthy();
  });
});
