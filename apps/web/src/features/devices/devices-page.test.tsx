import type { Restriction } from '@cashdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { devicesApi } from './api/devices-api';
import { DevicesPage } from './devices-page';
import { makeDetail, makeDevice, screenRoutes, stubApi, type Routes } from './testing/fake-api';

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

function renderPage(routes: Routes) {
  const api = stubApi(routes);
  const result = renderWithProviders(<DevicesPage />, { route: '/devices' });
  return { ...result, api };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

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

  it('sums the 24-hour totals of the devices, unless disable_daily_total is held', async () => {
    const first = renderPage(screenRoutes({ devices }));
    const totals = await screen.findByLabelText('Totals of the last 24 hours');
    expect(within(totals).getByText('105.00')).toBeTruthy();
    expect(within(totals).getByText('25.00')).toBeTruthy();
    first.unmount();

    renderPage(screenRoutes({ restrictions: ['disable_daily_total'], devices }));
    await screen.findByRole('button', { name: 'Open device Rocket 1' });
    expect(screen.queryByLabelText('Totals of the last 24 hours')).toBeNull();
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
      'GET /a/cashier/devices/1': () =>
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
      'GET /a/cashier/devices/1': { body: makeDetail({ id: 1, name: 'Rocket 1' }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open device Rocket 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Manage player 2' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows registration in progress for a device still registering', async () => {
    renderPage({
      ...screenRoutes({ devices: [makeDevice({ id: 9, name: 'New', status: 'registering', players: 0 })] }),
      'GET /a/cashier/devices/9': {
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
