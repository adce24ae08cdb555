import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DevicePage } from './device-page';
import { makeDetail, screenRoutes } from '../../test/fixtures';
import { stubApi } from '../../test/stub-api';

function renderAt(route: string, preloadedPin?: { deviceId: number; pin: string }) {
  return renderWithProviders(
    <Routes>
      <Route path="/devices" element={<p>device list</p>} />
      <Route path="/devices/:deviceId" element={<DevicePage />} />
    </Routes>,
    {
      route,
      ...(preloadedPin
        ? {
            preloadedState: {
              devicesView: { selected: { id: preloadedPin.deviceId, type: 1 }, remote: preloadedPin },
            },
          }
        : {}),
    },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DevicePage', () => {
  it('shows a regular device with the mobile name shortening, and Back returns to the list', async () => {
    stubApi({
      ...screenRoutes({}),
      'GET /api/v1/a/cashier/devices/3': { body: makeDetail({ id: 3, name: 'Rocket Game near the window' }) },
    });
    renderAt('/devices/3');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Rocket Game nea…');
    expect(screen.queryByRole('tab', { name: 'Game' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(await screen.findByText('device list')).toBeTruthy();
  });

  it('resets to the list when a remote device has no stored PIN', async () => {
    stubApi(screenRoutes({}));
    renderAt('/devices/8?type=1');
    expect(await screen.findByText('device list')).toBeTruthy();
  });

  it('shows a remote device with its PIN, and its game report without lucky bets', async () => {
    const { calls } = stubApi({
      ...screenRoutes({}),
      'GET /api/v1/a/cashier/devices/remote/8': { body: makeDetail({ id: 8, type: 1, name: 'Phone' }) },
      'POST /api/v1/a/cashier/game_report': {
        body: [
          { type: 14, place: 1, delta: -100, balance: 900, created_at: '2026-11-20T10:03:00.000Z' },
          { type: 2, place: 1, delta: 500, balance: 1000, created_at: '2026-11-20T10:02:00.000Z' },
          { type: 3, place: 1, delta: -100, balance: 500, created_at: '2026-11-20T10:01:00.000Z' },
        ],
      },
    });
    renderAt('/devices/8?type=1', { deviceId: 8, pin: '123456' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Game' }));
    expect(await screen.findByText('+5.00')).toBeTruthy();
    expect(screen.getByText('−1.00')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3); // header + win + pay; the lucky bet is left out
    const remote = calls.filter(
      (c) => c.path === '/api/v1/a/cashier/devices/remote/8' || c.path.endsWith('game_report'),
    );
    expect(remote.every((c) => c.headers.get('X-Device-Pin') === '123456')).toBe(true);
    expect(calls.find((c) => c.path.endsWith('game_report'))?.body).toEqual({ device_id: 8, full: true });
  });

  it('toasts another cashier and resets when the remote PIN was used elsewhere (406)', async () => {
    stubApi({
      ...screenRoutes({}),
      'GET /api/v1/a/cashier/devices/remote/8': { status: 406, body: { err: 'pin changed' } },
    });
    const { store } = renderAt('/devices/8?type=1', { deviceId: 8, pin: '123456' });
    expect(await screen.findByText('device list')).toBeTruthy();
    await waitFor(() => expect(store.getState().toasts.queue[0]?.key).toBe('errors:anotherCashier'));
    expect(store.getState().devicesView.remote).toBeNull();
  });
});
