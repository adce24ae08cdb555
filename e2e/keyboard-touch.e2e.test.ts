// Web app I, keyboard and touch: a cashier with only a keyboard deposits from start to end (digits,
// Backspace, Enter, Escape), focus stays in the modal and comes back where it was; on a phone every
// control is a touch target of at least 44 px, and a toast never takes a tap meant for what it covers.
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DOUBLE_CLICK_GUARD_MS } from '@cashdesk/contract';
import { placeBalances } from './support/data';
import { createLinkedCabinet } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import {
  amountField,
  answer,
  manage,
  openDevice,
  openDeviceButton,
  operationButton,
  typeOnNumpad,
} from './support/screens';
import { expectToast, openSignedIn, smallTouchTargets } from './support/ui';

/** Presses Tab until `target` has focus (as a keyboard user would), failing after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });
}

describeE2E('keyboard and touch', () => {
  const e2e = useE2E();

  it('deposits with the keyboard alone, and focus returns to the Manage button', async () => {
    const name = 'Keyboard only';
    const device = await createLinkedCabinet(e2e.server, name, { entries: [5_00] });
    const page = await e2e.newPage('desktop');
    await openSignedIn(page, e2e.server);

    await tabTo(page, openDeviceButton(page, name));
    await page.keyboard.press('Enter');
    const region = page.getByRole('complementary', { name: 'Device details' }).getByRole('region', { name });
    const manageButton = region.getByRole('button', { name: 'Manage player 1', exact: true });
    await tabTo(page, manageButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Player 1', exact: true }).waitFor();

    // Digits and Backspace go to the amount; Tab never leaves the dialog.
    await page.keyboard.type('129');
    await page.keyboard.press('Backspace');
    expect(await amountField(dialog).inputValue()).toBe('12');
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    // Escape closes without moving money and gives focus back to Manage.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('Manage player 1');

    // Again: Enter starts the deposit, the age check takes focus, Enter on Yes confirms.
    await page.keyboard.press('Enter');
    await dialog.getByRole('heading', { name: 'Player 1', exact: true }).waitFor();
    await page.keyboard.type('12.5');
    await page.keyboard.press('Enter');
    await dialog.getByRole('heading', { name: 'Age check' }).waitFor();
    await page.waitForTimeout(DOUBLE_CLICK_GUARD_MS + 100);
    await tabTo(page, dialog.getByRole('button', { name: 'Yes', exact: true }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Deposited 12.50 EUR');
    await dialog.waitFor({ state: 'detached' });
    expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 17_50, finalBonus: 0 });
    expect(await focusedName(page)).toBe('Manage player 1');
  });

  it('gives every control a touch target of at least 44 px on a phone', async () => {
    const name = 'Touch sizes';
    await createLinkedCabinet(e2e.server, name, { entries: [5_00] });
    const page = await e2e.newPage('mobile');
    await openSignedIn(page, e2e.server);
    expect(await smallTouchTargets(page.locator('main'))).toEqual([]);

    const region = await openDevice(page, 'mobile', name);
    expect(await smallTouchTargets(region)).toEqual([]);
    const dialog = await manage(page, region, 1);
    expect(await smallTouchTargets(dialog)).toEqual([]);
  });

  it("lets a tap through a toast's text: Back works on a phone while the deposit's toast covers it", async () => {
    const name = 'Toast over Back';
    await createLinkedCabinet(e2e.server, name, { entries: [5_00] });
    const page = await e2e.newPage('mobile');
    await openSignedIn(page, e2e.server);
    const region = await openDevice(page, 'mobile', name);
    // The phone's navigation bar scrolls away, so Back lies under the toasts (fixed 5rem from the top)
    // once the cashier has scrolled the page by the bar's height: scroll it there.
    await page.evaluate(() => {
      const back = document.querySelector('.device-detail__back')!.getBoundingClientRect();
      const toastMiddle = parseFloat(getComputedStyle(document.documentElement).fontSize) * 5 + 20;
      window.scrollBy(0, back.top + back.height / 2 - toastMiddle);
    });
    // Each toast shown outside a dialog, the moment it appears (it lasts 1.5 s): does it cover Back, and
    // what would a finger on Back's centre press?
    await page.evaluate(() => {
      const seen: { covers: boolean; pressesBack: boolean }[] = [];
      (window as unknown as { __toastTaps: typeof seen }).__toastTaps = seen;
      new MutationObserver(() => {
        const toast = document.querySelector('.toaster:not(.toaster--in-modal) .toast');
        const back = document.querySelector('.device-detail__back');
        if (!toast || !back || document.querySelector('[role="dialog"]')) return;
        const [t, b] = [toast.getBoundingClientRect(), back.getBoundingClientRect()];
        const [x, y] = [b.left + b.width / 2, b.top + b.height / 2];
        const covers = t.left <= x && x <= t.right && t.top <= y && y <= t.bottom;
        const hit = document.elementFromPoint(x, y);
        seen.push({ covers, pressesBack: !!hit && back.contains(hit) });
      }).observe(document.body, { childList: true, subtree: true });
    });
    const dialog = await manage(page, region, 1);
    await typeOnNumpad(dialog, '2');
    await operationButton(dialog, 'Deposit').click();
    await answer(dialog, 'Yes');
    await expectToast(page, 'Deposited 2.00 EUR');
    await dialog.waitFor({ state: 'detached' });
    const taps = await page.evaluate(() => (window as unknown as { __toastTaps: unknown[] }).__toastTaps);
    expect(taps).toContainEqual({ covers: true, pressesBack: true });
    expect(taps).not.toContainEqual(expect.objectContaining({ pressesBack: false }));
  });
});
