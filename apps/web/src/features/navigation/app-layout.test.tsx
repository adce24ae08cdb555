import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FloatInfo, User } from '@cashdesk/contract';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makeDemoCashier, makeFloat } from '../../test/fixtures';
import { calledRoutes, stubApi, type StubRoutes } from '../../test/stub-api';
import { Toaster } from '../../components/ui/toaster';
import { AppLayout } from './app-layout';

const cashier: User = makeDemoCashier([
  'can_view_history_reports',
  'can_cashier_view_account_balance',
  'can_cashier_view_account_overdraft',
]);
const float: FloatInfo = makeFloat();

function renderLayout(routes: StubRoutes = {}, user: User = cashier) {
  const { fetchMock } = stubApi({
    'GET /api/v1/a/me': { body: user },
    'GET /api/v1/a/cashier/account_balance': { body: float },
    'POST /api/v1/a/sign_out': { body: { ok: true } },
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/devices" element={<p>devices screen</p>} />
        </Route>
        <Route path="/authorization" element={<p>login screen</p>} />
      </Routes>
      <Toaster />
    </>,
    { route: '/devices' },
  );
  return { ...view, fetchMock, user: userEvent.setup() };
}

/** Below BREAKPOINTS.desktopMin: matchMedia('(min-width: 1351px)') does not match. */
function narrowScreen() {
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('navigation bar, wide screen', () => {
  it('shows title, labels, float, menu entries and the cashier', async () => {
    renderLayout();
    expect(await screen.findByText('11000.00 EUR')).toBeTruthy();
    const bar = screen.getByRole('banner');
    expect(within(bar).getByText('Game Platform')).toBeTruthy();
    expect(within(bar).getByText('Devices', { selector: '.nav-bar__title' })).toBeTruthy();
    expect(within(bar).getByRole('group', { name: 'Float' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Devices' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/history');
    expect(within(nav).getByRole('button', { name: 'Statistic' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Demo …hier')).toBeTruthy();
    expect(within(profile).getByText('Demo Cashier')).toBeTruthy(); // full name for screen readers
    expect(within(profile).getByText('D')).toBeTruthy(); // avatar
    expect(within(profile).getByText('ID 7')).toBeTruthy();
    expect(within(profile).getByRole('button', { name: 'Copy cashier ID' })).toBeTruthy();
    expect(screen.getByText('devices screen')).toBeTruthy();
    expect(document.title).toBe('Devices · Cashdesk');
  });

  it('leaves out History without can_view_history_reports, and the float without its restriction', async () => {
    renderLayout({}, { ...cashier, restrictions: [] });
    expect(await screen.findByRole('link', { name: 'Devices' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('ID 7')).toBeTruthy());
    expect(screen.queryByRole('link', { name: 'History' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Float' })).toBeNull();
  });

  it("uses the word 'Cashier' for a user without a name", async () => {
    renderLayout({}, { ...cashier, name: '' });
    const profile = await screen.findByRole('region', { name: 'Profile' });
    await waitFor(() => expect(within(profile).getByText('Cashier')).toBeTruthy());
    expect(within(profile).getByText('C')).toBeTruthy();
  });

  it('opens the Statistic modal from its button', async () => {
    const { user } = renderLayout();
    await user.click(await screen.findByRole('button', { name: 'Statistic' }));
    expect(await screen.findByRole('dialog', { name: 'Statistic' })).toBeTruthy();
  });

  it('opens the change-password modal from the Profile area', async () => {
    const { user } = renderLayout();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    // A chunk of its own (features/auth/index.ts): it shows once fetched.
    expect(await screen.findByRole('dialog', { name: 'Change password' })).toBeTruthy();
    expect(screen.getByLabelText('Old password')).toBeTruthy();
  });

  it('logs out: signs out on the server, opens /authorization and drops the cached data', async () => {
    const { user, fetchMock, store } = renderLayout();
    await screen.findByText('11000.00 EUR');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(calledRoutes(fetchMock)).toContain('POST /api/v1/a/sign_out');
    expect(store.getState().session.isSignOut).toBe(true);
    expect(store.getState().api.queries).toEqual({});
    // a deliberate logout is not a 'session expired'
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays signed in, with a toast, when the sign-out call fails', async () => {
    const { user } = renderLayout({
      'POST /api/v1/a/sign_out': () => Promise.reject(new TypeError('offline')),
    });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No connection to the server');
    expect(screen.getByText('devices screen')).toBeTruthy();
  });

  it('shows a failing float poll once as a toast', async () => {
    renderLayout({
      'GET /api/v1/a/cashier/account_balance': { status: 403, body: { err: 'user dont have account' } },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('User does not have an account');
  });
});

describe('navigation bar, below 1351 px', () => {
  beforeEach(narrowScreen);

  it('collapses the menu into a Menu button with the float still in the bar', async () => {
    renderLayout();
    expect(await screen.findByText('11000.00 EUR')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the mobile menu with the same entries, the Profile area and the banner', async () => {
    const { user } = renderLayout();
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    // The menu is a chunk of its own: it shows once that is in.
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Devices' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'History' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Statistic' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Change password' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Copy cashier ID' })).toBeTruthy();
    const banner = within(menu).getByRole('complementary', { name: 'Promotion' });
    expect(within(banner).getByRole('img').getAttribute('alt')).toBe('Rocket Game and Fruit Game');
    expect(within(banner).getByText('Now also on home play')).toBeTruthy();
  });

  it('opens Statistic from the mobile menu in place of the menu', async () => {
    const { user } = renderLayout();
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Statistic' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Statistic' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });

  it('remembers a dismissed banner', async () => {
    const { user } = renderLayout();
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(await screen.findByRole('button', { name: 'Hide the promotion' }));
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).toBeNull();
    expect(localStorage.getItem('promo_banner_dismissed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).toBeNull();
  });

  it('hides the banner when its image fails to load', async () => {
    const { user } = renderLayout();
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const banner = await screen.findByRole('complementary', { name: 'Promotion' });
    fireEvent.error(within(banner).getByRole('img'));
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).toBeNull();
  });
});

describe('block banner', () => {
  it('says nothing while the venue is not blocked', async () => {
    renderLayout();
    await screen.findByText('11000.00 EUR');
    expect(screen.queryByText(/blocked for this venue/)).toBeNull();
  });

  it('says why every cash operation is unavailable under a hard block', async () => {
    renderLayout({
      'GET /api/v1/a/cashier/account_balance': { body: { ...float, is_hard_block_home_play: true } },
    });
    const banner = await screen.findByText('Cash operations are blocked for this venue.');
    expect(banner.closest('[role="status"]')?.textContent).toContain('Contact your manager.');
  });

  it('says that only deposits are blocked under a light block', async () => {
    renderLayout({
      'GET /api/v1/a/cashier/account_balance': { body: { ...float, is_light_block_home_play: true } },
    });
    const banner = await screen.findByText('Deposits are blocked for this venue.');
    expect(banner.closest('[role="status"]')?.textContent).toContain('Withdrawals and cash-outs still work.');
  });
});
