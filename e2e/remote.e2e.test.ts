// Web app I: a home-play phone connected by the PIN it shows (Remote devices), a cash call with that PIN,
// the 'PIN changed' reset once the phone makes a new PIN, and a phone held open at the till that keeps
// its PIN through its own renewal (docs/security.md, "A phone held open at a till").
import type { Language } from '@cashdesk/contract';
import { expect, it } from 'vitest';
import { screenshot, VIEWPORT_NAMES, VIEWPORTS, type ViewportName } from './support/browser';
import { placeBalances } from './support/data';
import { enrollPhone, newDevicePin, renameDevice } from './support/devices';
import { atEveryWidth, describeE2E, useE2E } from './support/harness';
import { translator } from './support/i18n';
import { layoutFaults } from './support/layout';
import { OffsetClock } from './support/server';
import {
  answer,
  deviceRegion,
  devicesHeading,
  manage,
  operationButton,
  opensInPanel,
  typeOnNumpad,
} from './support/screens';
import { eventually, expectToast, pathOf, openSignedIn, waitForPath } from './support/ui';

/** A phone's PIN lives 10 minutes (apps/server/src/devices/remote-pin.ts PIN_TTL_MS). */
const PIN_LIFE_MS = 10 * 60 * 1000;

describeE2E('remote devices', () => {
  // The system's clock, but for the moments a test sets it back to draw a PIN near its end.
  const clock = new OffsetClock();
  const e2e = useE2E({ clock });

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

  // The phone's PIN used to rotate every 10 minutes and drop the till showing it ("The PIN has been
  // changed or used at another cashdesk") though nobody else had used it. Each phone here shows a PIN
  // whose 10 minutes end 45 s from now (drawn while the server's clock ran behind); the till opens it,
  // and when the phone renews its PIN at that end, the PIN stays and the till keeps the phone.
  it('keeps a phone open at the till through its own PIN renewal, at 375 and 768 px in en and es', async () => {
    const runs: readonly (readonly [ViewportName, Language])[] = [
      ['mobile', 'en'],
      ['portrait', 'en'],
      ['mobile', 'es'],
      ['portrait', 'es'],
    ];
    const tills = await Promise.all(
      runs.map(async ([viewport, lng]) => {
        const page = await e2e.newPage(viewport);
        await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
        await openSignedIn(page, e2e.server);
        return page;
      }),
    );
    clock.offsetMs = -(PIN_LIFE_MS - 45_000);
    let phones: Awaited<ReturnType<typeof enrollPhone>>[];
    try {
      phones = await Promise.all(runs.map(() => enrollPhone(e2e.server)));
    } finally {
      clock.offsetMs = 0;
    }
    const ends = phones.map((phone) => phone.simulator.pin!.expiresAt.getTime());
    expect(Math.max(...ends)).toBeLessThan(Date.now() + 60_000);

    const failures = await Promise.all(
      runs.map(async ([viewport, lng], index) => {
        const t = translator(lng);
        const page = tills[index]!;
        const phone = phones[index]!;
        const pin = phone.pin;
        const name = `Kept ${lng} ${VIEWPORTS[viewport].width}`;
        try {
          await renameDevice(e2e.server, phone.id, name);
          await page.getByRole('button', { name: t('devices:remote.open'), exact: true }).click();
          const dialog = page.getByRole('dialog', { name: t('devices:remote.title') });
          const numpad = dialog.getByRole('group', { name: t('numpad.label') });
          for (const key of pin) await numpad.getByRole('button', { name: key, exact: true }).click();
          await dialog.getByRole('button', { name: t('devices:remote.activate'), exact: true }).click();
          await dialog.waitFor({ state: 'detached' });
          const region = opensInPanel(viewport)
            ? page
                .getByRole('complementary', { name: t('devices:detail.label') })
                .getByRole('region', { name, exact: true })
            : deviceRegion(page, name);
          await region.waitFor();

          // The phone renews its PIN at the end it was told: the same PIN comes back, with a later end.
          await eventually(
            () => (phone.simulator.pin?.expiresAt.getTime() ?? 0) > Date.now() + 5 * 60_000,
            'the phone renewing its PIN',
            90_000,
          );
          expect(phone.pin).toBe(pin);
          // The till keeps asking for the phone with that PIN, and keeps showing it.
          const polled = await page.waitForResponse(
            (response) => response.url().includes(`/a/cashier/devices/remote/${phone.id}`),
            { timeout: 20_000 },
          );
          expect(polled.status()).toBe(200);
          await region.getByRole('tab', { name: t('devices:tabs.players') }).waitFor();
          expect(await page.getByText(t('errors:anotherCashier')).count()).toBe(0);
          if (!opensInPanel(viewport)) expect(pathOf(page)).toBe(`/devices/${phone.id}`);
          expect(await layoutFaults(page)).toEqual([]);
          await screenshot(page, `remote-held-${lng}`);
          return null;
        } catch (error) {
          return `${viewport} ${lng}: ${error instanceof Error ? error.stack : String(error)}`;
        } finally {
          await phone.stop();
        }
      }),
    );
    expect(failures.filter((failure) => failure !== null)).toEqual([]);
  }, 150_000);

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
