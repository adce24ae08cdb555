// Web app II: the change-password modal in Chromium against the real server: its rules, the loading state
// that cannot be closed, the new password working at the next sign-in (and the old one not), a wrong old
// password, and a session that ended meanwhile.
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot, type ViewportName } from './support/browser';
import { createCashier, deleteAllSessions } from './support/data';
import { describeE2E, useE2E } from './support/harness';
import { devicesHeading } from './support/screens';
import { expectToast, fillSignIn, openSignedIn, signIn, waitForPath, watchForToast } from './support/ui';

/** Opens Change password from the Profile area: in the bar from 1351 px, in the Menu below. */
async function openChangePassword(page: Page, viewport: ViewportName): Promise<Locator> {
  if (viewport !== 'desktop') await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page
    .getByRole('region', { name: 'Profile' })
    .getByRole('button', { name: 'Change password' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.waitFor();
  return dialog;
}

async function fillPasswords(dialog: Locator, old: string, next: string, repeat: string): Promise<void> {
  await dialog.getByLabel('Old password', { exact: true }).fill(old);
  await dialog.getByLabel('New password', { exact: true }).fill(next);
  await dialog.getByLabel('Repeat new password', { exact: true }).fill(repeat);
}

describeE2E('change password', () => {
  const e2e = useE2E();

  it.each(['desktop', 'mobile'] as const)(
    'changes the password, then only the new one signs in (%s)',
    async (viewport) => {
      const cashier = await createCashier(e2e.server, { password: 'first-pass-1' });
      const page = await e2e.newPage(viewport);
      await signIn(page, cashier.login, cashier.password);
      const dialog = await openChangePassword(page, viewport);

      // docs/product.md section 5: each field named when missing, and the repeat must match.
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      for (const text of ['Enter your old password', 'Enter your new password', 'Repeat your new password'])
        await dialog.getByText(text, { exact: true }).waitFor();
      await fillPasswords(dialog, cashier.password, 'second-pass-2', 'second-pass-3');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByText("New and repeated passwords don't match", { exact: true }).waitFor();
      expect(
        await dialog.getByLabel('Repeat new password', { exact: true }).getAttribute('aria-invalid'),
      ).toBe('true');

      // Show/hide on each field.
      const next = dialog.getByLabel('New password', { exact: true });
      await dialog.getByRole('button', { name: 'Show new password' }).click();
      expect(await next.getAttribute('type')).toBe('text');
      await dialog.getByRole('button', { name: 'Show new password' }).click();
      expect(await next.getAttribute('type')).toBe('password');
      await screenshot(page, 'change-password-mismatch');

      // While the call runs (held back here for a second) the modal shows it and cannot be closed.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/a/change_password', async (route) => {
        await held;
        await route.continue();
      });
      await dialog.getByLabel('Repeat new password', { exact: true }).fill('second-pass-2');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByRole('button', { name: 'Saving…' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Close' }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      // A press on the backdrop (its corner, outside the dialog) does not close it either.
      await page.mouse.click(5, (page.viewportSize()?.height ?? 600) - 5);
      expect(await dialog.isVisible()).toBe(true);
      await screenshot(page, 'change-password-saving');
      release();
      await expectToast(page, 'Password changed');
      await dialog.waitFor({ state: 'detached' });

      // Log out; the old password is refused, the new one signs in.
      if (viewport !== 'desktop') await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await waitForPath(page, '/authorization');
      await fillSignIn(page, cashier.login, cashier.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectToast(page, 'User not found, check login/password');
      await signIn(page, cashier.login, 'second-pass-2');
      await devicesHeading(page).waitFor();
    },
  );

  it('keeps the modal open and marks the old password when the server refuses it', async () => {
    const cashier = await createCashier(e2e.server, { password: 'first-pass-1' });
    const page = await e2e.newPage('tablet');
    await signIn(page, cashier.login, cashier.password);
    const dialog = await openChangePassword(page, 'tablet');
    await fillPasswords(dialog, 'not-my-password', 'second-pass-2', 'second-pass-2');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('The old password is wrong', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Old password', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(
      await dialog
        .getByLabel('Old password', { exact: true })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await screenshot(page, 'change-password-wrong-old');

    // Cancel closes it; opened again, the form starts empty.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    const again = await openChangePassword(page, 'tablet');
    expect(await again.getByLabel('Old password', { exact: true }).inputValue()).toBe('');
  });

  it('goes to /authorization with the session-expired toast when the session ended meanwhile', async () => {
    const page = await e2e.newPage('desktop');
    await openSignedIn(page, e2e.server);
    const dialog = await openChangePassword(page, 'desktop');
    await fillPasswords(dialog, 'cashier123', 'second-pass-2', 'second-pass-2');
    // Save's call finds out, unless the live-updates stream's session check (every 5 s) came first and the
    // screen has already left: either way the cashier sees the same. The toast lasts 1.5 s, so watch for
    // it from before the session ends, not after the click gave up.
    const toast = watchForToast(page, 'Your session has expired. Please log in again.');
    await deleteAllSessions(e2e.server);
    await dialog
      .getByRole('button', { name: 'Save', exact: true })
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    await toast;
    await waitForPath(page, '/authorization');
  });
});
