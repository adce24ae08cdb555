// What a person does and sees on the screens, found by role, label and text.
import { formatCents } from '@cashdesk/contract';
import type { Locator, Page } from 'playwright-core';
import { createSession, findUserByLogin } from '@cashdesk/server';
import type { E2EServer } from './server';

/** The demo logins (README). */
export const LOGINS = {
  cashier: { login: 'cashier', password: 'cashier123' },
  cashier2: { login: 'cashier2', password: 'cashier123' },
  manager: { login: 'manager', password: 'manager123' },
  admin: { login: 'admin', password: 'admin123' },
} as const;

/** Signs in through the login screen and waits for the first screen (`/devices` for a cashier). */
export async function signIn(
  page: Page,
  login: string,
  password: string,
  landing = '**/devices',
): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/authorization')) {
    await page.goto('/authorization');
  }
  await fillSignIn(page, login, password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(landing);
}

export async function fillSignIn(page: Page, login: string, password: string): Promise<void> {
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

export function signInAsCashier(page: Page): Promise<void> {
  return signIn(page, LOGINS.cashier.login, LOGINS.cashier.password);
}

/**
 * Waits for a toast with exactly this text. Toasts close after 1.5 s, so this must be called right
 * after the action that shows it (not after slow other checks).
 */
export async function expectToast(page: Page, text: string, timeout = 10_000): Promise<Locator> {
  const toast = page.getByRole('status').getByText(text, { exact: true });
  await toast.waitFor({ state: 'visible', timeout });
  return toast;
}

/**
 * Starts watching for a toast now and returns the wait, for an action whose toast may come and go
 * (1.5 s) before the test gets to look: start the watch, do the action, then await it.
 */
export function watchForToast(page: Page, text: string, timeout = 10_000): Promise<Locator> {
  const watch = expectToast(page, text, timeout);
  // Handled here so a test failing before it awaits the watch reports its own error, not this one.
  watch.catch(() => undefined);
  return watch;
}

/** Waits until the current path is `path` (query ignored). */
export async function waitForPath(page: Page, path: string, timeout = 10_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Money as the screens show it: cents / 100 with 2 decimals and no grouping, e.g. 1234.50. */
export const money = formatCents;

/** Waits until `check` returns true (polling), for values that the screens update on their own. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeout = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`e2e: timed out after ${timeout} ms waiting for ${what}`);
}

/**
 * Opens `path` already signed in as `login`, with a session made straight in the server's database and
 * its cookie in the browser: for tests about other screens than sign-in (the login tests sign in through
 * the form). Saves a page load and an Argon2 check per test.
 */
export async function openSignedIn(
  page: Page,
  server: E2EServer,
  path = '/devices',
  login: string = LOGINS.cashier.login,
): Promise<void> {
  const user = await findUserByLogin(server.ctx.db.kysely, login);
  if (!user) throw new Error(`e2e: no user ${login}`);
  const { token } = await createSession(
    server.ctx.db.kysely,
    { userId: user.id, remember: false },
    Date.now(),
  );
  await page
    .context()
    .addCookies([{ name: 'x-token', value: token, url: server.baseUrl, httpOnly: true, sameSite: 'Strict' }]);
  await page.goto(path);
  await waitForPath(page, path);
}

/** The smallest touch target a finger hits reliably (WCAG 2.5.5, and the rule). */
export const MIN_TOUCH_PX = 44;

/**
 * Controls a finger cannot hit reliably: visible, enabled buttons, links and inputs under 44 px. A
 * checkbox or switch counts as big enough when its label is (a tap on the label toggles it).
 */
export async function smallTouchTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root, min) => {
    const controls = root.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, summary, [role="button"]',
    );
    const small: string[] = [];
    const bigEnough = (box: DOMRect) => box.height >= min && box.width >= min;
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const labels = el instanceof HTMLInputElement ? [...(el.labels ?? [])] : [];
      if (labels.some((label) => bigEnough(label.getBoundingClientRect()))) continue;
      if (!bigEnough(box)) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        small.push(`${name} (${Math.round(box.width)}x${Math.round(box.height)})`);
      }
    }
    return small;
  }, MIN_TOUCH_PX);
}
