// Web app I: the devices screen, a device (side panel from 768 px, /devices/:id below), adding a device
// by the PIN its simulator shows, and editing and hiding a device.
import { expect, it } from 'vitest';
import { screenshot, VIEWPORT_NAMES } from './support/browser';
import { deviceRow } from './support/data';
import { createLinkedCabinet, enrollCabinet, renameDevice } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import {
  backToList,
  devicesHeading,
  openDevice,
  openDeviceButton,
  opensInPanel,
  playerRow,
  typeOnNumpad,
} from './support/screens';
import { expectToast, pathOf, openSignedIn } from './support/ui';

describeE2E('devices screen', () => {
  const e2e = useE2E();

  it.each(VIEWPORT_NAMES)('lists the venue devices and opens one (%s)', async (viewport) => {
    const page = await e2e.newPage(viewport);
    await openSignedIn(page, e2e.server);
    await devicesHeading(page).waitFor();
    for (const name of ['Rocket Game', 'Fruit Game', 'Frog Game']) {
      await openDeviceButton(page, name).first().waitFor();
    }
    const table = page.getByRole('table', { name: 'Devices of the venue' });
    for (const column of ['Game', 'ID', 'Name', 'Players', 'Payment']) {
      await table.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    // The demo Fruit Game has 6 places; place 1 opened with 100.00, paid 5.00, won 7.50 and paid 2.00.
    const fruitRow = table.getByRole('row').filter({ has: openDeviceButton(page, 'Fruit Game') });
    expect(await fruitRow.getByRole('cell').nth(3).innerText()).toBe('6');
    if (opensInPanel(viewport)) await page.getByText('Select a device', { exact: true }).waitFor();
    await screenshot(page, 'devices');

    const region = await openDevice(page, viewport, 'Fruit Game');
    if (!opensInPanel(viewport)) expect(pathOf(page)).toMatch(/^\/devices\/\d+$/);
    expect(await region.getByRole('list', { name: 'Players' }).getByRole('listitem').count()).toBe(6);
    const first = playerRow(region, 1);
    expect(await first.innerText()).toContain('100.50');
    expect(await first.innerText()).toContain('Final bonus 0.70');
    for (const tab of ['Players', 'History']) await region.getByRole('tab', { name: tab }).waitFor();
    expect(await region.getByRole('tab', { name: 'Game' }).count()).toBe(0);
    await screenshot(page, 'device-players');

    await region.getByRole('tab', { name: 'History' }).click();
    await region.getByRole('table', { name: 'Last operations of player 1' }).waitFor();
    await screenshot(page, 'device-history');

    await backToList(page, region, viewport);
    await devicesHeading(page).waitFor();
  });

  it("draws the screen from the answers its page carries, before the app's own calls answer", async () => {
    const page = await e2e.newPage('desktop');
    // The session, lock and screen calls are held until the screen is up: it must not need them.
    const held: (() => void)[] = [];
    const asked: string[] = [];
    let holding = true;
    await page.route(
      /\/api\/v1\/a\/(me|lock|cashier\/(devices|daily_totals|account_balance))$/,
      async (route) => {
        asked.push(new URL(route.request().url()).pathname);
        if (holding) await new Promise<void>((release) => held.push(release));
        await route.continue();
      },
    );
    await openSignedIn(page, e2e.server);
    await devicesHeading(page).waitFor();
    await openDeviceButton(page, 'Fruit Game').first().waitFor();
    await page.getByText('Select a device', { exact: true }).waitFor();
    // The page carried them: the screen drew while every call above was held.
    expect(asked.filter((path) => path.endsWith('/a/lock'))).toEqual([]);
    // Read once: the block is gone from the page.
    expect(await page.locator('#first-screen-data').count()).toBe(0);
    // From here on the calls go through. The screen does not ask again for what its page carried: each
    // call goes out once, when the live-updates stream's hello catches up on what may have changed since
    // the page was made (its `/a/me` is the sign of it).
    holding = false;
    for (const release of held.splice(0)) release();
    await expect
      .poll(() => asked.filter((path) => path.endsWith('/a/me')).length, { timeout: 15_000 })
      .toBe(1);
    await page.waitForTimeout(1_000);
    const times = (call: string) => asked.filter((path) => path.endsWith(call)).length;
    expect([times('/cashier/devices'), times('/daily_totals'), times('/account_balance')]).toEqual([1, 1, 1]);
    await page.unroute(/\/api\/v1\/a\//);
  });

  it.each(VIEWPORT_NAMES)('adds a device by the PIN its simulator shows (%s)', async (viewport) => {
    const cabinet = await enrollCabinet(e2e.server);
    const name = `Cabinet ${viewport}`;
    await renameDevice(e2e.server, cabinet.id, name);
    const page = await e2e.newPage(viewport);
    await openSignedIn(page, e2e.server);
    expect(await openDeviceButton(page, name).count()).toBe(0);

    await page.getByRole('button', { name: 'Add device', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add device' });
    await typeOnNumpad(dialog, cabinet.pin);
    expect((await dialog.getByLabel('PIN', { exact: true }).innerText()).replace(/\s/g, '')).toBe(
      cabinet.pin,
    );
    await screenshot(page, 'add-device-pin');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();

    await expectToast(page, 'Device added');
    await dialog.getByText('The device has been added.').waitFor();
    await dialog.getByText(`Device ID: ${cabinet.id}`, { exact: true }).waitFor();
    await screenshot(page, 'add-device-success');
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // The cabinet sees it is linked; the cashier sees it in the list and can open its players.
    await cabinet.simulator.waitUntilLinked(10_000);
    expect((await deviceRow(e2e.server, cabinet.id)).account_id).toBe(e2e.server.demo.accountId);
    const region = await openDevice(page, viewport, name);
    await region.getByRole('list', { name: 'Players' }).waitFor();
    expect(await region.getByRole('list', { name: 'Players' }).getByRole('listitem').count()).toBe(4);
    await cabinet.stop();
  });

  it.each(VIEWPORT_NAMES)('a wrong PIN shows the error and OK starts again (%s)', async (viewport) => {
    const page = await e2e.newPage(viewport);
    await openSignedIn(page, e2e.server);
    await page.getByRole('button', { name: 'Add device', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add device' });
    // No device shows a PIN that the database does not hold: pick one that none holds.
    const taken = await e2e.server.ctx.db.kysely.selectFrom('devices').select('pin').execute();
    const pin =
      ['12345', '54321', '11111', '22222'].find((p) => !taken.some((row) => row.pin === p)) ?? '99999';
    await typeOnNumpad(dialog, pin);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog
      .getByRole('alert')
      .getByText('Error adding the device. Check the PIN code is correct', { exact: true })
      .waitFor();
    await screenshot(page, 'add-device-error');
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    // Back to an empty PIN entry for another try.
    await dialog.getByRole('group', { name: 'Numpad' }).waitFor();
    expect((await dialog.getByLabel('PIN', { exact: true }).innerText()).replace(/\s/g, '')).toBe('');
  });

  it.each(VIEWPORT_NAMES)('edits a device name and hides it (%s)', async (viewport) => {
    const name = `Edit ${viewport}`;
    const renamed = `Hidden ${viewport}`;
    const device = await createLinkedCabinet(e2e.server, name);
    const page = await e2e.newPage(viewport);
    await openSignedIn(page, e2e.server);
    await openDeviceButton(page, name).waitFor();
    const visibleCount = async (which: 'Visible' | 'Hidden') => {
      const text = await page.getByRole('button', { name: new RegExp(`^${which} \\d+$`) }).innerText();
      return Number(text.replace(/\D/g, ''));
    };
    const hiddenBefore = await visibleCount('Hidden');

    await page.getByRole('button', { name: `Edit device ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.getByText(String(device.id), { exact: true }).waitFor();
    // The uuid is shown as 32 hex characters.
    await dialog.getByText(/^[0-9a-f]{32}$/).waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill(renamed);
    const visible = dialog.getByRole('switch', { name: 'Visible', exact: true });
    expect(await visible.isChecked()).toBe(true);
    await visible.uncheck();
    await screenshot(page, 'edit-device');

    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Save these changes to the device?', { exact: true }).waitFor();
    await screenshot(page, 'edit-device-confirm');
    // Back returns to the form with the changes kept.
    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe(renamed);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Device saved');
    await dialog.waitFor({ state: 'detached' });

    const row = await deviceRow(e2e.server, device.id);
    expect(row.name).toBe(renamed);
    expect(row.hidden).toBe(1);
    await openDeviceButton(page, name).waitFor({ state: 'detached' });
    expect(await openDeviceButton(page, renamed).count()).toBe(0);
    expect(await visibleCount('Hidden')).toBe(hiddenBefore + 1);

    await page.getByRole('button', { name: /^Hidden \d+$/ }).click();
    await openDeviceButton(page, renamed).waitFor();
    await screenshot(page, 'devices-hidden');
  });
});
