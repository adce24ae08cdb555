// The till lock on the screen: the lock screen hides the screens and their data, only the right password
// (as the server judges it) opens it, a 423 from any call brings it up, and the till locks itself after
// the configured time without activity.
import type { FloatInfo, LockState, User } from '@cashdesk/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { calledRoutes, stubApi, type StubRoutes } from '../../test/stub-api';
import { useFloatQuery } from '../float';
import { Toaster } from '../../components/ui/toaster';
import { LockButton } from './lock-button';
import { TillLockGate } from './till-lock-gate';
import { makeDemoCashier } from '../../test/fixtures';

const cashier: User = makeDemoCashier();
const float: FloatInfo = {
  balance: 1_234_50,
  overdraft: 0,
  has_overdraft: false,
  home_play: false,
  is_hard_block_home_play: false,
  is_light_block_home_play: false,
  shifts: false,
  currency: 'EUR',
};
const AUTO_LOCK_MS = 15 * 60_000;
const PASSWORD = 'cashier123';

/** A screen with the venue's data (the float) and the Lock button, standing in for the real screens. */
function DataScreen() {
  const { data, refetch } = useFloatQuery();
  return (
    <div>
      <p>{data ? `float ${data.balance}` : 'no float'}</p>
      <button type="button" onClick={() => void refetch()}>
        Refresh
      </button>
      <LockButton />
    </div>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The server's side: one session whose lock the test (or "another tab") can flip. */
function renderGate(options: { locked?: boolean; autoLockMs?: number | null; routes?: StubRoutes } = {}) {
  const server = { locked: options.locked ?? false, unlockBodies: [] as unknown[] };
  const state = (): LockState => ({ locked: server.locked, auto_lock_after_ms: options.autoLockMs ?? null });
  const { fetchMock } = stubApi({
    'GET /api/v1/a/me': { body: cashier },
    'GET /api/v1/a/lock': () => ({ body: state() }),
    'POST /api/v1/a/lock': () => {
      server.locked = true;
      return { body: state() };
    },
    'POST /api/v1/a/unlock': (call) => {
      const body = call.body as { password: string };
      server.unlockBodies.push(body);
      if (body.password !== PASSWORD) return { status: 422, body: { err: 'wrong password' } };
      server.locked = false;
      return { body: state() };
    },
    'GET /api/v1/a/cashier/account_balance': () =>
      server.locked ? { status: 423, body: { err: 'till locked' } } : { body: float },
    'POST /api/v1/a/sign_out': { body: { ok: true } },
    ...options.routes,
  });
  const view = renderWithProviders(
    <>
      <Routes>
        <Route
          path="/devices"
          element={
            <TillLockGate>
              <DataScreen />
            </TillLockGate>
          }
        />
        <Route path="/authorization" element={<p>login screen</p>} />
      </Routes>
      <Toaster />
    </>,
    { route: '/devices' },
  );
  return { ...view, server, fetchMock, user: userEvent.setup() };
}

const lockHeading = () => screen.findByRole('heading', { name: 'Till locked', level: 1 });
const passwordField = () => screen.getByLabelText('Password');

describe('till lock', () => {
  it('locks with the Lock button: the lock screen replaces the screen and names the cashier', async () => {
    const { user, fetchMock } = renderGate();
    expect(await screen.findByText('float 123450')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Lock' }));
    await lockHeading();
    expect(screen.queryByText(/float/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(await screen.findByText('Locked by Demo Cashier (ID 7)')).toBeTruthy();
    expect(document.activeElement).toBe(passwordField());
    expect(calledRoutes(fetchMock)).toContain('POST /api/v1/a/lock');
  });

  it('opens locked when the server says the session is locked, without asking for any data', async () => {
    const { fetchMock } = renderGate({ locked: true });
    await lockHeading();
    expect(calledRoutes(fetchMock)).not.toContain('GET /api/v1/a/cashier/account_balance');
  });

  it('refuses a wrong password, says so and stays locked; the right one opens the screen again', async () => {
    const { user, server } = renderGate({ locked: true });
    await lockHeading();
    await user.type(passwordField(), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Wrong password, try again')).toBeTruthy();
    expect(passwordField().getAttribute('aria-invalid')).toBe('true');
    expect((passwordField() as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('heading', { name: 'Till locked' })).toBeTruthy();

    await user.type(passwordField(), PASSWORD);
    expect(screen.queryByText('Wrong password, try again')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('float 123450')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Till locked' })).toBeNull();
    expect(server.unlockBodies).toEqual([{ password: 'wrong-password' }, { password: PASSWORD }]);
  });

  it('asks for the password before calling the server', async () => {
    const { user, server } = renderGate({ locked: true });
    await lockHeading();
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(server.unlockBodies).toEqual([]);
  });

  it('says how long to wait after too many attempts', async () => {
    const { user } = renderGate({
      locked: true,
      routes: {
        'POST /api/v1/a/unlock': { status: 429, body: { err: 'too many attempts', retry_after: 30 } },
      },
    });
    await lockHeading();
    await user.type(passwordField(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Too many attempts, try again in 30 s')).toBeTruthy();
  });

  it('shows the lock screen when a call answers 423 (the till was locked in another tab)', async () => {
    const { user, server } = renderGate();
    expect(await screen.findByText('float 123450')).toBeTruthy();
    server.locked = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await lockHeading();
    expect(screen.queryByText(/float/)).toBeNull();
  });

  it('logs out from the lock screen', async () => {
    const { user, fetchMock } = renderGate({ locked: true });
    await lockHeading();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(calledRoutes(fetchMock)).toContain('POST /api/v1/a/sign_out');
  });

  it('locks by itself after the configured time without activity; a key press starts the time again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock } = renderGate({ autoLockMs: AUTO_LOCK_MS });
    expect(await screen.findByText('float 123450')).toBeTruthy();
    const locks = () => calledRoutes(fetchMock).filter((r) => r === 'POST /api/v1/a/lock');

    act(() => vi.advanceTimersByTime(AUTO_LOCK_MS - 1000));
    fireEvent.keyDown(document.body, { key: 'a' });
    act(() => vi.advanceTimersByTime(AUTO_LOCK_MS - 1000));
    expect(locks()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1000));
    await lockHeading();
    expect(locks()).toHaveLength(1);
  });

  it('never locks by itself when auto-lock is off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock } = renderGate({ autoLockMs: null });
    expect(await screen.findByText('float 123450')).toBeTruthy();
    act(() => vi.advanceTimersByTime(24 * 60 * 60_000));
    await waitFor(() => expect(screen.getByText('float 123450')).toBeTruthy());
    expect(calledRoutes(fetchMock)).not.toContain('POST /api/v1/a/lock');
  });
});
