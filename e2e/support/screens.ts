// The signed-in screens as a cashier sees them: the devices list, a device (side panel from 768 px,
// its own route below), the players and the cash-manage modal. Found by role and label.
import { DOUBLE_CLICK_GUARD_MS } from '@cashdesk/contract';
import type { Locator, Page } from 'playwright-core';
import type { ViewportName } from './browser';
import { waitForPath } from './ui';

/** Below 768 px a device opens on its own route; from 768 px in the side panel. */
export function opensInPanel(viewport: ViewportName): boolean {
  return viewport !== 'mobile';
}

export function devicesHeading(page: Page): Locator {
  return page.getByRole('heading', { name: 'Devices', level: 1 });
}

/** The row's open button of the device named `name` (names as the table shows them). */
export function openDeviceButton(page: Page, name: string): Locator {
  return page.getByRole('button', { name: `Open device ${name}`, exact: true });
}

/** The device's detail: a region labelled by its name, in the side panel or on /devices/:id. */
export function deviceRegion(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** Opens a device from the list the way the width allows, and waits for its detail. */
export async function openDevice(page: Page, viewport: ViewportName, name: string): Promise<Locator> {
  await openDeviceButton(page, name).first().click();
  if (opensInPanel(viewport)) {
    const panel = page.getByRole('complementary', { name: 'Device details' });
    const region = panel.getByRole('region', { name, exact: true });
    await region.waitFor();
    return region;
  }
  await page.waitForURL(/\/devices\/\d+/);
  const region = deviceRegion(page, name);
  await region.waitFor();
  return region;
}

/** The Players tab's row of a place. */
export function playerRow(region: Locator, place: number): Locator {
  return region
    .getByRole('list', { name: 'Players' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`Player ${place}(?!\\d)`) });
}

/** Opens the cash-manage modal of a place and returns the dialog. */
export async function manage(page: Page, region: Locator, place: number): Promise<Locator> {
  await region.getByRole('button', { name: `Manage player ${place}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: `Player ${place}`, exact: true }).waitFor();
  return dialog;
}

/** Types an amount on the modal's numpad, key by key, as on a phone. */
export async function typeOnNumpad(dialog: Locator, amount: string): Promise<void> {
  const numpad = dialog.getByRole('group', { name: 'Numpad' });
  for (const key of amount) {
    await numpad.getByRole('button', { name: key, exact: true }).click();
  }
}

/** One of Deposit, Withdraw, Cash out in the modal's operations. */
export function operationButton(dialog: Locator, name: 'Deposit' | 'Withdraw' | 'Cash out'): Locator {
  return dialog.getByRole('group', { name: 'Operations' }).getByRole('button', { name, exact: true });
}

/** Back to the device list from a device (Back button; on mobile that is the /devices route again). */
export async function backToList(page: Page, region: Locator, viewport: ViewportName): Promise<void> {
  await region.getByRole('button', { name: 'Back' }).click();
  if (!opensInPanel(viewport)) await waitForPath(page, '/devices');
  await region.waitFor({ state: 'detached' });
}

/** The float in the navigation bar, as shown (e.g. '11000.00 EUR'). */
export async function floatShown(page: Page): Promise<string> {
  return (await page.getByRole('group', { name: 'Float' }).innerText()).replace(/^Float\s*/i, '').trim();
}

/** The amount field of the cash-manage modal (read-only on phones, filled by the numpad). */
export function amountField(dialog: Locator): Locator {
  return dialog.getByLabel(/^Amount/);
}

/**
 * Answers a confirm step (Yes, No, Confirm, Cancel) the way a person does: after reading it. The steps
 * ignore clicks within DOUBLE_CLICK_GUARD_MS of appearing (docs/product.md section 5: the 300 ms double-click guard).
 */
export async function answer(dialog: Locator, name: string): Promise<void> {
  const button = dialog.getByRole('button', { name, exact: true });
  await button.waitFor();
  await new Promise((resolve) => setTimeout(resolve, DOUBLE_CLICK_GUARD_MS + 100));
  await button.click();
}
