// Web app I: an expired session sends the cashier back to /authorization with the 'session expired'
// toast, at whatever width; signing in again works. A visitor who was never signed in is not told that
// a session expired: a clean login at / and /authorization, 'You need to log in first' at /devices.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORT_NAMES } from './support/browser';
import { blockUser, countSessions, createCashier, deleteAllSessions } from './support/data';
import { describeE2E, useE2E } from './support/harness';
import { translator } from './support/i18n';
import { devicesHeading, openDeviceButton } from './support/screens';
import { expectToast, openSignedIn, signInAsCashier, waitForPath, watchForToast } from './support/ui';

describeE2E('session expiry', () => {
  const e2e = useE2E();

  it.each(VIEWPORT_NAMES)(
    'sends the cashier to /authorization with the expiry toast (%s)',
    async (viewport) => {
      const page = await e2e.newPage(viewport);
      await openSignedIn(page, e2e.server);
      await devicesHeading(page).waitFor();
      expect(await countSessions(e2e.server)).toBeGreaterThan(0);

      // The session ends on the server (expiry, revocation); the next call of the screen finds out. That
      // is the click's call, or the live-updates stream's session check (every 5 s) comes first and the
      // screen has already left: either way the cashier sees the same. The toast lasts 1.5 s, so watch
      // for it from before the session ends, not after the click gave up.
      const toast = watchForToast(page, 'Your session has expired. Please log in again.');
      await deleteAllSessions(e2e.server);
      await openDeviceButton(page, 'Rocket Game')
        .first()
        .click({ timeout: 3_000 })
        .catch(() => undefined);
      await toast;
      await waitForPath(page, '/authorization');
      await page.getByRole('heading', { name: 'Authorization', level: 1 }).waitFor();
      await screenshot(page, 'session-expired');

      // Signing in again leads back to the devices.
      await signInAsCashier(page);
      await devicesHeading(page).waitFor();
    },
  );

  it('an idle screen finds out by itself at its next poll', async () => {
    const page = await e2e.newPage('desktop');
    await openSignedIn(page, e2e.server);
    await devicesHeading(page).waitFor();
    await deleteAllSessions(e2e.server);
    // No click: within 5 s the live-updates stream's session check ends the stream (or, without the
    // stream, the float poll comes), and the float call gets the 401.
    await expectToast(page, 'Your session has expired. Please log in again.', 15_000);
    await waitForPath(page, '/authorization');
  });

  // Blocked in the back office while signed in at the till: told they are blocked, not that their
  // session expired; the sign-in form then says 'User blocked', and so does a reload of a signed-in page.
  it.each([
    ['en', 'mobile'],
    ['en', 'portrait'],
    ['es', 'mobile'],
    ['es', 'portrait'],
  ] as const)('tells a cashier blocked mid-session that they are blocked (%s, %s)', async (lng, viewport) => {
    const t = translator(lng);
    const cashier = await createCashier(e2e.server, { password: 'long enough 1' });
    const page = await e2e.newPage(viewport);
    await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
    await recordToasts(page);
    await openSignedIn(page, e2e.server, '/devices', cashier.login);
    await page.getByRole('heading', { name: t('devices:title'), level: 1 }).waitFor();

    // No click: the live stream's session check ends the stream and the float call is refused as blocked.
    await blockUser(e2e.server, cashier.id);
    await waitForPath(page, '/authorization', 15_000);
    await page.getByRole('heading', { name: t('auth:title'), level: 1 }).waitFor();
    await page.waitForTimeout(500);
    const seen = await toastsSeen(page);
    expect(seen).toContain(t('errors:sessionBlocked'));
    expect(seen).not.toContain(t('errors:cookieExpired'));
    await screenshot(page, `session-blocked-${lng}`);

    // The sign-in form says why too.
    await page.getByLabel(t('auth:login'), { exact: true }).fill(cashier.login);
    await page.getByLabel(t('auth:password'), { exact: true }).fill(cashier.password);
    const refused = watchForToast(page, t('errors:userBlocked'));
    await page.getByRole('button', { name: t('auth:submit'), exact: true }).click();
    await refused;
    expect(new URL(page.url()).pathname).toBe('/authorization');
  });

  describe('first visit, no cookie', () => {
    it.each([
      ['/', []],
      ['/authorization', []],
      ['/devices', ['You need to log in first']],
      ['/devices/1', ['You need to log in first']],
    ] as const)('%s lands on the login screen with toasts %j', async (path, toasts) => {
      const page = await e2e.newPage('desktop');
      await recordToasts(page);
      await page.goto(path);
      await waitForPath(page, '/authorization');
      await page.getByRole('heading', { name: 'Authorization', level: 1 }).waitFor();
      await page.getByLabel('Login', { exact: true }).waitFor();
      // Long enough for the user query's answer and any toast it would bring (they show at once).
      await page.waitForTimeout(1_000);
      expect(await toastsSeen(page)).toEqual(toasts);
    });
  });
});

/** Records the text of every toast the page shows (they close after 1.5 s, so they are caught as they come). */
async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { e2eToasts: string[] }).e2eToasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.toast span')) {
        const text = toast.textContent ?? '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { e2eToasts: string[] }).e2eToasts);
}
