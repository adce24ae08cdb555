// Web app II: the till lock in Chromium against the real server. Locked, no screen shows the venue's
// data, in this tab, after a reload and in a second tab; a wrong password is refused, the right one opens
// every tab; the cashier may log out instead; and the till locks itself after 15 idle minutes.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { describeE2E, useE2E } from './support/harness';
import { devicesHeading, floatShown } from './support/screens';
import { LOGINS, openSignedIn, signIn, waitForPath } from './support/ui';

const lockHeading = (page: Page) => page.getByRole('heading', { name: 'Till locked', level: 1 });

/** What the lock screen must not show: the navigation bar, the float and any device. */
async function expectNoVenueData(page: Page): Promise<void> {
  await lockHeading(page).waitFor();
  expect(await page.getByRole('banner').count()).toBe(0);
  expect(await page.getByRole('group', { name: 'Float' }).count()).toBe(0);
  expect(await page.getByText(/EUR|Rocket Game|Fruit Game/).count()).toBe(0);
}

async function unlock(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
}

describeE2E('till lock', () => {
  const e2e = useE2E();

  it('locks every tab of the session until the right password, even across a reload', async () => {
    const page = await e2e.newPage('desktop');
    await openSignedIn(page, e2e.server);
    expect(await floatShown(page)).toBe('11000.00 EUR');
    const secondTab = await page.context().newPage();
    await secondTab.goto('/devices');
    await devicesHeading(secondTab).waitFor();

    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    await expectNoVenueData(page);
    await page.getByText('Locked by Demo Cashier', { exact: false }).waitFor();
    expect(
      await page.getByLabel('Password', { exact: true }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await screenshot(page, 'lock-screen');

    // The other tab finds out within 5 s (its stream ends, its float call gets the 423), a reload stays
    // locked.
    await expectNoVenueData(secondTab);
    await page.reload();
    await expectNoVenueData(page);

    await unlock(page, 'not-the-password');
    await page.getByText('Wrong password, try again', { exact: true }).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectNoVenueData(page);
    await screenshot(page, 'lock-screen-wrong-password');

    await unlock(page, LOGINS.cashier.password);
    await devicesHeading(page).waitFor();
    expect(await floatShown(page)).toBe('11000.00 EUR');
    // The second tab asks every 5 s while locked, and opens too.
    await devicesHeading(secondTab).waitFor({ timeout: 15_000 });
  });

  it('logs out from the lock screen; signing in again starts unlocked (mobile, from the Menu)', async () => {
    const page = await e2e.newPage('mobile');
    await signIn(page, LOGINS.cashier2.login, LOGINS.cashier2.password);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: 'Lock', exact: true })
      .click();
    await expectNoVenueData(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'lock-screen');

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await waitForPath(page, '/authorization');
    await signIn(page, LOGINS.cashier2.login, LOGINS.cashier2.password);
    await devicesHeading(page).waitFor();
  });

  it('locks by itself after 15 minutes without a touch or key press', async () => {
    const page = await e2e.newPage('tablet');
    await page.clock.install();
    await openSignedIn(page, e2e.server);
    await devicesHeading(page).waitFor();
    await page.clock.fastForward('14:00');
    await page.keyboard.press('Shift');
    await page.clock.fastForward('14:00');
    expect(await lockHeading(page).count()).toBe(0);
    await page.clock.fastForward('01:05');
    await expectNoVenueData(page);
  });
});
