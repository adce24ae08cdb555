// Web app I: a home-play phone connected by the PIN it shows (Remote devices), a cash call with that PIN,
// and the 'PIN changed' reset once the phone makes a new PIN.
import type { Language } from '@cashdesk/contract';
import { expect, it } from 'vitest';
import { screenshot, VIEWPORT_NAMES, VIEWPORTS } from './support/browser';
import { placeBalances } from './support/data';
import { enrollPhone, newDevicePin, renameDevice } from './support/devices';
import { atEveryWidth, describeE2E, useE2E } from './support/harness';
import { translator } from './support/i18n';
import {
  answer,
  deviceRegion,
  devicesHeading,
  manage,
  operationButton,
  opensInPanel,
  typeOnNumpad,
} from './support/screens';
import { expectToast, pathOf, openSignedIn, waitForPath } from './support/ui';

describeE2E('remote devices', () => {
  const e2e = useE2E();

  it('connects a phone by its PIN, deposits, then resets when the PIN changes, at every width', async () => {
    await atEveryWidth(async (viewport) => {
      const phone = await enrollPhone(e2e.server);
      const name = `Phone ${VIEWPORTS[viewport].width}`;
      await renameDevice(e2e.server, phone.id, name);
      const pin = phone.pin;
      expect(pin).toMatch(/^\d{6}$/);

      const page = await e2e.newPage(viewport);
      await openSignedIn(page, e2e.server);
      await page.getByRole('button', { name: 'Remote devices', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Remote device' });
      await typeOnNumpad(dialog, pin);
      await screenshot(page, 'remote-pin');
      await dialog.getByRole('button', { name: 'Activate', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      const region = opensInPanel(viewport)
        ? page
            .getByRole('complementary', { name: 'Device details' })
            .getByRole('region', { name, exact: true })
        : deviceRegion(page, name);
      await region.waitFor();
      if (!opensInPanel(viewport)) {
        await page.waitForURL(
          (url) => /^\/devices\/\d+$/.test(url.pathname) && url.searchParams.get('type') === '1',
        );
      }
      await region.getByText('Remote', { exact: true }).waitFor();
      for (const tab of ['Players', 'History', 'Game'])
        await region.getByRole('tab', { name: tab }).waitFor();
      await screenshot(page, 'remote-device');

      // The phone stops playing, so its balance holds still; a deposit sends its current PIN.
      await phone.stop();
      const cash = await manage(page, region, 1);
      // The PIN is masked once entered (four dots and its last two digits), never shown in clear.
      await cash.getByText(`Remote device · PIN ••••${pin.slice(-2)}`, { exact: true }).waitFor();
      expect(await cash.innerText()).not.toContain(pin);
      await screenshot(page, 'remote-cash-manage');
      await typeOnNumpad(cash, '10');
      await operationButton(cash, 'Deposit').click();
      await answer(cash, 'Yes');
      await expectToast(page, 'Deposited 10.00 EUR');
      await cash.waitFor({ state: 'detached' });
      expect(await placeBalances(e2e.server, phone.id, 1)).toEqual({ entries: 10_00, finalBonus: 0 });

      // The Game tab lists the deposit among the phone's events.
      await region.getByRole('tab', { name: 'Game' }).click();
      const game = region.getByRole('table', { name: 'Game' });
      await game.getByRole('cell', { name: 'Deposit', exact: true }).first().waitFor();
      await screenshot(page, 'remote-game');

      // The phone makes a new PIN: the next call with the old one is refused, and the terminal says so.
      const newPin = await newDevicePin(e2e.server, phone.simulator.deviceToken ?? '');
      expect(newPin).not.toBe(pin);
      await expectToast(page, 'The PIN has been changed or used at another cashdesk', 15_000);
      await region.waitFor({ state: 'detached' });
      if (opensInPanel(viewport)) {
        await page.getByText('Select a device', { exact: true }).waitFor();
      } else {
        await waitForPath(page, '/devices');
      }
      await devicesHeading(page).waitFor();
      expect(pathOf(page)).toBe('/devices');
      await screenshot(page, 'remote-pin-changed');
    });
  });

  it.each(['en', 'es'] as const)(
    'opens a connected phone again by the PIN it still shows, after a reload (%s)',
    async (lng: Language) => {
      const t = translator(lng);
      const phone = await enrollPhone(e2e.server);
      const name = `Reopened ${lng}`;
      await renameDevice(e2e.server, phone.id, name);
      await phone.stop();
      const page = await e2e.newPage('desktop');
      await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
      await openSignedIn(page, e2e.server);
      const region = page
        .getByRole('complementary', { name: t('devices:detail.label') })
        .getByRole('region', { name, exact: true });
      // The first time links it; after a reload (which forgets the PIN) the same PIN opens it again.
      for (let time = 0; time < 2; time++) {
        await page.getByRole('button', { name: t('devices:remote.open'), exact: true }).click();
        const dialog = page.getByRole('dialog', { name: t('devices:remote.title') });
        const numpad = dialog.getByRole('group', { name: t('numpad.label') });
        for (const key of phone.pin) await numpad.getByRole('button', { name: key, exact: true }).click();
        await dialog.getByRole('button', { name: t('devices:remote.activate'), exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
        await region.waitFor();
        expect(await page.getByText(t('devices:remote.error')).count()).toBe(0);
        if (time === 0) await page.reload();
      }
    },
  );

  it.each(VIEWPORT_NAMES)('a wrong PIN shows the remote error and OK starts again (%s)', async (viewport) => {
    const page = await e2e.newPage(viewport);
    await openSignedIn(page, e2e.server);
    await page.getByRole('button', { name: 'Remote devices', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Remote device' });
    const taken = await e2e.server.ctx.db.kysely.selectFrom('devices').select('pin').execute();
    const pin = ['123456', '654321', '111111'].find((p) => !taken.some((row) => row.pin === p)) ?? '999999';
    await typeOnNumpad(dialog, pin);
    await dialog.getByRole('button', { name: 'Activate', exact: true }).click();
    await dialog
      .getByRole('alert')
      .getByText('Error showing the device, check the PIN', { exact: true })
      .waitFor();
    await screenshot(page, 'remote-error');
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await dialog.getByRole('button', { name: 'Activate', exact: true }).waitFor();
  });
});
