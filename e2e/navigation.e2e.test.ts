// Web app I: the navigation bar at the three widths (the whole menu from 1351 px, a Menu dialog below)
// and logging out.
import { expect, it } from 'vitest';
import { screenshot, VIEWPORT_NAMES } from './support/browser';
import { countSessions } from './support/data';
import { describeE2E, useE2E } from './support/harness';
import { devicesHeading, floatShown } from './support/screens';
import { openSignedIn, waitForPath } from './support/ui';

describeE2E('navigation bar', () => {
  const e2e = useE2E();

  it.each(VIEWPORT_NAMES)('shows the float and the menu, and logs out (%s)', async (viewport) => {
    const page = await e2e.newPage(viewport);
    await openSignedIn(page, e2e.server);
    await devicesHeading(page).waitFor();
    // The demo cashier sees the float with the overdraft: 10000.00 + 1000.00.
    expect(await floatShown(page)).toBe('11000.00 EUR');

    let menu = page.getByRole('navigation', { name: 'Main menu' });
    if (viewport !== 'desktop') {
      expect(await menu.count()).toBe(0);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Menu' });
      menu = dialog.getByRole('navigation', { name: 'Main menu' });
    }
    for (const link of ['Devices', 'History']) await menu.getByRole('link', { name: link }).waitFor();
    await menu.getByRole('button', { name: 'Statistic' }).waitFor();
    await screenshot(page, 'navigation');

    const sessions = await countSessions(e2e.server);
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/authorization');
    await page.getByRole('heading', { name: 'Authorization', level: 1 }).waitFor();
    expect(await countSessions(e2e.server)).toBe(sessions - 1);
  });
});
