// Web app I: the login screen (/authorization) in Chromium against the real server: its header, the
// validation messages, the sign-in errors, signing in, remember me and the language choice.
import { expect, it } from 'vitest';
import { screenshot, VIEWPORT_NAMES } from './support/browser';
import { countSessions } from './support/data';
import { describeE2E, useE2E } from './support/harness';
import { devicesHeading } from './support/screens';
import { expectToast, fillSignIn, LOGINS, pathOf, signIn, waitForPath } from './support/ui';

describeE2E('login screen', () => {
  const e2e = useE2E();

  it.each(VIEWPORT_NAMES)('shows the header and form, and the validation messages (%s)', async (viewport) => {
    const page = await e2e.newPage(viewport, '/authorization');
    await page.getByRole('heading', { name: 'Authorization', level: 1 }).waitFor();
    expect(await page.getByLabel('Login', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    expect(await page.getByLabel('Remember me').isChecked()).toBe(false);
    expect(await page.getByLabel('Language').inputValue()).toBe('en');
    // The live clock: HH:mm:ss and the offset of the browser's zone (the contexts run in Asia/Kolkata).
    const clock = page.getByText(/^\d{2}:\d{2}:\d{2} \(GMT\+05:30\)$/);
    const first = await clock.innerText();
    await page.waitForFunction((was) => !document.body.innerText.includes(was), first, { timeout: 3000 });
    await screenshot(page, 'login');

    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    await submit.click();
    await page.getByText('Enter your login', { exact: true }).waitFor();
    await page.getByText('Enter your password', { exact: true }).waitFor();
    expect(await page.getByLabel('Login', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'login-validation-required');

    await fillSignIn(page, 'ab', 'abc');
    await submit.click();
    await page.getByText('Login is too short: at least 3 characters', { exact: true }).waitFor();
    await page.getByText('Password is too short: at least 4 characters', { exact: true }).waitFor();

    await fillSignIn(page, 'x'.repeat(65), 'y'.repeat(65));
    await submit.click();
    await page.getByText('Login is too long: at most 64 characters', { exact: true }).waitFor();
    await page.getByText('Password is too long: at most 64 characters', { exact: true }).waitFor();
    await screenshot(page, 'login-validation-length');
    // Nothing was sent: still on the login screen and no session exists.
    expect(pathOf(page)).toBe('/authorization');
    expect(await countSessions(e2e.server)).toBe(0);
  });

  it.each(VIEWPORT_NAMES)(
    'a wrong password shows the user-not-found toast, the right one signs in (%s)',
    async (viewport) => {
      const page = await e2e.newPage(viewport, '/authorization');
      await fillSignIn(page, LOGINS.cashier.login, 'wrong-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectToast(page, 'User not found, check login/password');
      await screenshot(page, 'login-user-not-found');
      expect(pathOf(page)).toBe('/authorization');

      await signIn(page, LOGINS.cashier.login, LOGINS.cashier.password);
      await devicesHeading(page).waitFor();
      // The session survives a reload, and the login screen then sends the cashier on to /devices.
      await page.reload();
      await devicesHeading(page).waitFor();
      await page.goto('/authorization');
      await waitForPath(page, '/devices');
    },
  );

  it('an unknown path of a signed-out visitor lands on /authorization with the no-page toast', async () => {
    const page = await e2e.newPage('desktop', '/no-such-page');
    await expectToast(page, 'Page does not exist');
    await waitForPath(page, '/authorization');
  });

  it('shows and hides the password with the toggle', async () => {
    const page = await e2e.newPage('mobile', '/authorization');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    const toggle = page.getByRole('button', { name: 'Show password' });
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('remember me makes the session cookie persistent', async () => {
    const page = await e2e.newPage('desktop', '/authorization');
    await page.getByLabel('Remember me').check();
    await signIn(page, LOGINS.cashier.login, LOGINS.cashier.password);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'x-token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  });

  it.each(VIEWPORT_NAMES)(
    'switches the language at once and remembers it after a reload (%s)',
    async (viewport) => {
      const page = await e2e.newPage(viewport, '/authorization');
      await page.getByLabel('Language').selectOption('es');
      // At once: the heading, the labels and the button are Spanish.
      await page.getByRole('heading', { level: 1, name: 'Autorización', exact: true }).waitFor();
      await page.getByLabel('Usuario', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('lng'))).toBe('es');
      await screenshot(page, 'login-es');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Autorización', exact: true }).waitFor();
      expect(await page.getByLabel('Idioma').inputValue()).toBe('es');

      // Signing in keeps the language: the devices screen is Spanish too.
      await page.getByLabel('Usuario', { exact: true }).fill(LOGINS.cashier.login);
      await page.getByLabel('Contraseña', { exact: true }).fill(LOGINS.cashier.password);
      await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Dispositivos', exact: true }).waitFor();
      await screenshot(page, 'devices-es');
    },
  );

  it('fetches a language only when it is chosen, and shows no English first in Spanish', async () => {
    const page = await e2e.newPage('desktop', '/authorization');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The first text the root ever shows, recorded from the first script on, before the app runs.
    await page.addInitScript(() => {
      const seen = window as unknown as { firstText?: string };
      new MutationObserver(() => {
        const text = document.getElementById('root')?.innerText.trim();
        if (text && seen.firstText === undefined) seen.firstText = text;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const catalogues = () => scripts.filter((path) => /\/catalogue-(es|pt)-/.test(path));

    await page.reload();
    await page.getByRole('heading', { name: 'Authorization', level: 1 }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(catalogues()).toEqual([]);

    await page.evaluate(() => localStorage.setItem('lng', 'es'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Autorización', exact: true }).waitFor();
    expect(catalogues()).toEqual([expect.stringContaining('/catalogue-es-')]);
    const firstText = await page.evaluate(() => (window as unknown as { firstText?: string }).firstText);
    expect(firstText).toContain('Autorización');
    expect(firstText).not.toContain('Authorization');
  });

  it('keeps <html lang> in step with the remembered language after a reload', async () => {
    const page = await e2e.newPage('desktop', '/authorization');
    await page.getByLabel('Language').selectOption('pt');
    await page.waitForFunction(() => document.documentElement.lang === 'pt');
    await page.reload();
    await page.getByLabel('Idioma').waitFor();
    // Screen readers pick their voice from <html lang>: it must say pt, not the page's default en.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
  });
});
