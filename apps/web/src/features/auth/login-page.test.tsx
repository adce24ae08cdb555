import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@cashdesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import i18n from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { Toaster } from '../../components/ui/toaster';
import { LanguageSelect } from '../../components/ui/language-select';
import { LoginPage } from './login-page';
import { calledRoutes, stubApi, type StubRoutes } from '../../test/stub-api';
import { makeDemoCashier } from '../../test/fixtures';

const cashier: User = makeDemoCashier();

const signedOut = { 'GET /api/v1/a/me': { status: 401, body: { err: 'unauthorized' } } };

function renderLogin(routes: StubRoutes = {}) {
  const { fetchMock } = stubApi({ ...signedOut, ...routes });
  const user = userEvent.setup();
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/authorization" element={<LoginPage />} />
        <Route path="/devices" element={<p>devices screen</p>} />
      </Routes>
      <Toaster />
    </>,
    { route: '/authorization' },
  );
  return { ...view, user, fetchMock };
}

const loginField = () => screen.getByLabelText('Login');
const passwordField = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Sign in' });

beforeEach(() => localStorage.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('login screen', () => {
  it('has the heading, a clock, a language dropdown and labelled controls', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Authorization' })).toBeTruthy();
    expect(screen.getByText(/^\d\d:\d\d:\d\d \(GMT[+-]\d\d:\d\d\)$/)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(loginField()).toBeTruthy();
    expect(passwordField().getAttribute('type')).toBe('password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
    expect(submit()).toBeTruthy();
  });

  describe('validation messages (docs/product.md section 5), under the field', () => {
    it('asks for both fields when the form is sent empty, and focuses the login', async () => {
      const { user, fetchMock } = renderLogin();
      await user.click(submit());
      expect(screen.getByText('Enter your login')).toBeTruthy();
      expect(screen.getByText('Enter your password')).toBeTruthy();
      expect(document.activeElement).toBe(loginField());
      expect(loginField().getAttribute('aria-invalid')).toBe('true');
      expect(loginField().getAttribute('aria-describedby')).toBe(screen.getByText('Enter your login').id);
      expect(calledRoutes(fetchMock)).not.toContain('POST /api/v1/sign_in');
    });

    it('says a login is too short or too long', async () => {
      const { user } = renderLogin();
      await user.type(loginField(), 'ab');
      await user.tab();
      expect(screen.getByText('Login is too short: at least 3 characters')).toBeTruthy();
      await user.clear(loginField());
      await user.click(loginField());
      await user.paste('a'.repeat(65));
      expect(screen.getByText('Login is too long: at most 64 characters')).toBeTruthy();
    });

    it('says a password is too short or too long', async () => {
      const { user } = renderLogin();
      await user.type(passwordField(), 'abc');
      await user.tab();
      expect(screen.getByText('Password is too short: at least 4 characters')).toBeTruthy();
      await user.clear(passwordField());
      await user.click(passwordField());
      await user.paste('p'.repeat(65));
      expect(screen.getByText('Password is too long: at most 64 characters')).toBeTruthy();
    });

    it('shows no message before the cashier has left a field', async () => {
      const { user } = renderLogin();
      await user.type(loginField(), 'ab');
      expect(screen.queryByText(/too short/)).toBeNull();
    });
  });

  it('shows and hides the password with a pressed toggle', async () => {
    const { user } = renderLogin();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(passwordField().getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(passwordField().getAttribute('type')).toBe('password');
  });

  it('switches the language at once and remembers it in localStorage lng', async () => {
    const { user } = renderLogin();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Español');
    expect(await screen.findByRole('heading', { level: 1, name: 'Autorización' })).toBeTruthy();
    expect(screen.getByLabelText('Contraseña')).toBeTruthy();
    expect(localStorage.getItem('lng')).toBe('es');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'Português');
    expect(await screen.findByRole('heading', { level: 1, name: 'Autorização' })).toBeTruthy();
    expect(localStorage.getItem('lng')).toBe('pt');
  });

  it('disables the language dropdown when there is one language or fewer', () => {
    stubApi({});
    renderWithProviders(<LanguageSelect languages={['en']} />);
    expect((screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement).disabled).toBe(true);
  });

  describe('sign-in errors (docs/product.md section 8) as toasts', () => {
    it.each([
      ['user not found', 403, { err: 'user not found' }, 'User not found, check login/password'],
      ['user blocked', 403, { err: 'user blocked' }, 'User blocked'],
      [
        'too many attempts',
        429,
        { err: 'too many attempts', retry_after: 42 },
        'Too many attempts, try again in 42 s',
      ],
    ])('%s', async (_name, status, body, text) => {
      const { user } = renderLogin({ 'POST /api/v1/sign_in': { status, body } });
      await user.type(loginField(), 'cashier');
      await user.type(passwordField(), 'wrong-password');
      await user.click(submit());
      expect((await screen.findByRole('alert')).textContent).toContain(text);
      expect(screen.getByRole('heading', { name: 'Authorization' })).toBeTruthy();
    });

    it('internal server error: try again later (after the two retries)', async () => {
      const { user, fetchMock } = renderLogin({
        'POST /api/v1/sign_in': { status: 500, body: { err: 'Internal server error' } },
      });
      await user.type(loginField(), 'cashier');
      await user.type(passwordField(), 'cashier123');
      await user.click(submit());
      const alert = await screen.findByRole('alert', {}, { timeout: 6000 });
      expect(alert.textContent).toContain('Internal server error, try again later');
      expect(calledRoutes(fetchMock).filter((r) => r === 'POST /api/v1/sign_in')).toHaveLength(3);
    }, 10000);

    it('no connection', async () => {
      const { user } = renderLogin({
        'POST /api/v1/sign_in': () => Promise.reject(new TypeError('Failed to fetch')),
      });
      await user.type(loginField(), 'cashier');
      await user.type(passwordField(), 'cashier123');
      await user.click(submit());
      expect((await screen.findByRole('alert')).textContent).toContain(
        'No connection to the server, check the network',
      );
    });
  });

  it('signs in with Enter and opens /devices', async () => {
    let sent: unknown;
    const { user, store, fetchMock } = renderLogin({
      'POST /api/v1/sign_in': ({ body }) => {
        sent = body;
        return { body: cashier };
      },
    });
    await user.type(loginField(), ' cashier ');
    await user.type(passwordField(), 'cashier123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('devices screen')).toBeTruthy();
    expect(sent).toEqual({ login: 'cashier', password: 'cashier123', remember: true });
    expect(store.getState().session.isSignOut).toBe(false);
    // The sign-in answer seeds /a/me: the next screen does not ask for the user again.
    expect(calledRoutes(fetchMock)).toEqual(['GET /api/v1/a/me', 'POST /api/v1/sign_in']);
  });

  it('sends a cashier who is still signed in on to /devices', async () => {
    renderLogin({ 'GET /api/v1/a/me': { body: cashier } });
    expect(await screen.findByText('devices screen')).toBeTruthy();
  });

  it('asks /a/me once when signed out, not again after the 401', async () => {
    const { fetchMock } = renderLogin();
    await waitFor(() => expect(calledRoutes(fetchMock)).toContain('GET /api/v1/a/me'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calledRoutes(fetchMock).filter((r) => r === 'GET /api/v1/a/me')).toHaveLength(1);
  });
});
