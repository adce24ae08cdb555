// The back-office console in Chromium against the real server: an admin creates a cashier who then signs
// in, a manager tops up the float (by keyboard, by touch), a manager's home-play block reaches the
// cashier's Remote devices button, who may open the console at all, the daily report on screen, on paper
// and as CSV, and a tour of every page at the three widths and in the three languages.
import fs from 'node:fs';
import { gamingDayOf } from '@cashdesk/contract';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { updateAccount } from '@cashdesk/server';
import { screenshot, VIEWPORTS } from './support/browser';
import { consoleFolds, openAccountTab, openConsoleSection, rowWith } from './support/back-office';
import { floatBalance, setFloatBalance } from './support/data';
import { atEveryWidth, describeE2E, useE2E } from './support/harness';
import { devicesHeading } from './support/screens';
import { eventually, expectToast, fillSignIn, LOGINS, openSignedIn, pathOf, waitForPath } from './support/ui';

describeE2E('back office', () => {
  const e2e = useE2E();
  const accountPath = (tab: string) => `/back-office/accounts/${e2e.server.demo.accountId}/${tab}`;

  it('an admin creates a cashier, who then signs in with those rights, at every width', async () => {
    await atEveryWidth(async (viewport) => {
      const page = await e2e.newPage(viewport, '/authorization');
      await fillSignIn(page, LOGINS.admin.login, LOGINS.admin.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await waitForPath(page, '/back-office/accounts');
      const accounts = page.getByRole('table', { name: 'Accounts' });
      await rowWith(accounts, 'Demo Venue').waitFor();
      await screenshot(page, 'back-office-accounts');

      await openConsoleSection(page, viewport, 'Users');
      await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'New user', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New user' });
      const login = `till_${VIEWPORTS[viewport].width}`;
      await dialog.getByLabel('Login', { exact: true }).fill(login);
      await dialog.getByLabel('Name', { exact: true }).fill(`Till ${viewport}`);
      expect(await dialog.getByLabel('Role').inputValue()).toBe('cashier');
      await dialog.getByLabel('Account').selectOption({ label: 'Demo Venue' });
      await dialog.getByLabel('Password', { exact: true }).fill('till password 1');
      // The restrictions as checkboxes, each with what it does on the cashier's screens.
      await dialog.getByText('See History in the menu; open /history.', { exact: true }).waitFor();
      await dialog.getByRole('checkbox', { name: 'History', exact: true }).check();
      await dialog.getByLabel('Reason (optional)').fill('new evening shift');
      await screenshot(page, 'back-office-new-user');
      await dialog.getByRole('button', { name: 'Create user', exact: true }).click();
      await expectToast(page, `User ${login} created`);
      await dialog.waitFor({ state: 'detached' });
      await rowWith(page.getByRole('table', { name: 'Users' }), login).waitFor();

      // The new cashier signs in through the form and lands on the devices, with History in the menu.
      const till = await e2e.newPage(viewport, '/authorization');
      await fillSignIn(till, login, 'till password 1');
      await till.getByRole('button', { name: 'Sign in', exact: true }).click();
      await waitForPath(till, '/devices');
      await devicesHeading(till).waitFor();
      if (viewport !== 'desktop') await till.getByRole('button', { name: 'Menu', exact: true }).click();
      await till
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'History' })
        .waitFor();
    });
  });

  it.each([
    ['desktop', 'keyboard'],
    ['tablet', 'mouse'],
    ['mobile', 'touch'],
  ] as const)('a manager tops up the float with a reason (%s, by %s)', async (viewport, input) => {
    await setFloatBalance(e2e.server, 10_000_00);
    const page = await e2e.newPage(viewport, undefined, { touch: input === 'touch' });
    await openSignedIn(page, e2e.server, accountPath('float'), LOGINS.manager.login);
    const section = page.getByRole('region', { name: 'Float', exact: true });
    await section.getByText('10000.00 EUR').first().waitFor();
    const amount = section.getByLabel('Amount (EUR)');
    const reason = section.getByLabel('Reason', { exact: true });
    const submit = section.getByRole('button', { name: 'Top up the float', exact: true });

    if (input === 'keyboard') {
      // Arrow keys move between the radio buttons; Enter in a field sends the form.
      await section.getByRole('radio', { name: 'Top up' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await section.getByRole('radio', { name: 'Withdraw' }).isChecked()).toBe(true);
      await page.keyboard.press('ArrowLeft');
      await amount.focus();
      await page.keyboard.type('250.50');
      await page.keyboard.press('Tab');
      await page.keyboard.type('morning cash');
      await page.keyboard.press('Enter');
    } else {
      const press = (target: typeof submit) => (input === 'touch' ? target.tap() : target.click());
      await press(submit);
      // Nothing typed yet: both messages, nothing sent.
      await section.getByText('Enter an amount above 0, like 250 or 12.50', { exact: true }).waitFor();
      await section.getByText('Say why the float moves', { exact: true }).waitFor();
      await amount.fill('250.50');
      await reason.fill('morning cash');
      await section.getByText('The float will be 10250.50 EUR.', { exact: true }).waitFor();
      await screenshot(page, 'back-office-float');
      await press(submit);
    }
    await expectToast(page, 'Topped up 250.50 EUR: the float is 10250.50 EUR');
    expect(await floatBalance(e2e.server)).toBe(10_250_50);
    await page.getByRole('definition').filter({ hasText: '10250.50 EUR' }).waitFor();

    // The ledger shows the move with its reason; the audit log who made it.
    const ledger = await openAccountTab(page, 'Ledger');
    await rowWith(ledger.getByRole('table'), 'morning cash').first().waitFor();
    const audit = await openAccountTab(page, 'Audit log');
    const entry = rowWith(audit.getByRole('table'), 'morning cash').first();
    await entry.getByText('manager', { exact: true }).waitFor();
    await entry.getByText('balance: 10000.00 EUR → 10250.50 EUR').waitFor();
    await screenshot(page, 'back-office-audit');
  });

  it("a manager blocks home play and the cashier's Remote devices button reacts", async () => {
    await atBothSides(async (cashier, manager) => {
      const remote = cashier.getByRole('button', { name: 'Remote devices', exact: true });
      await remote.waitFor();

      const settings = manager.getByRole('region', { name: 'Settings', exact: true });
      await settings.getByRole('checkbox', { name: 'Hard block' }).check();
      await settings.getByLabel('Reason (optional)').fill('phones misbehaving');
      // The cashier's float poll sees the new flag and reloads the page.
      const reloaded = cashier.waitForEvent('load', { timeout: 15_000 });
      await settings.getByRole('button', { name: 'Save settings', exact: true }).click();
      await settings.getByText('Settings saved', { exact: true }).waitFor();
      await screenshot(manager, 'back-office-settings');

      // After the reload the button shows the block instead of the PIN pad.
      await reloaded;
      await remote.click();
      const block = cashier.getByRole('dialog', { name: 'Remote devices' });
      await block.getByText('Sorry, remote devices are blocked', { exact: true }).waitFor();
      await screenshot(cashier, 'back-office-blocked-cashier');
      await block.getByRole('button', { name: /^OK/ }).click();

      // Home play off: the button goes away at the next poll.
      await settings.getByRole('checkbox', { name: 'Hard block' }).uncheck();
      await settings.getByRole('checkbox', { name: 'Home play', exact: true }).uncheck();
      await settings.getByRole('button', { name: 'Save settings', exact: true }).click();
      await settings.getByText('Settings saved', { exact: true }).waitFor();
      await remote.waitFor({ state: 'detached', timeout: 15_000 });
    });
  });

  /** The demo cashier on /devices and the demo manager on the settings, side by side (desktop). */
  async function atBothSides(run: (cashier: Page, manager: Page) => Promise<void>) {
    const cashier = await e2e.newPage('desktop');
    await openSignedIn(cashier, e2e.server);
    const manager = await e2e.newPage('desktop');
    await openSignedIn(manager, e2e.server, accountPath('settings'), LOGINS.manager.login);
    try {
      await run(cashier, manager);
    } finally {
      // Later tests start from the demo venue's own settings.
      await updateAccount(e2e.server.ctx.db.kysely, e2e.server.demo.accountId, {
        home_play: true,
        is_hard_block_home_play: false,
      });
    }
  }

  it('keeps cashiers out of the console and the console roles out of the till', async () => {
    const cashier = await e2e.newPage('desktop');
    await openSignedIn(cashier, e2e.server);
    await cashier.goto('/back-office/users');
    await waitForPath(cashier, '/devices');
    await devicesHeading(cashier).waitFor();

    const manager = await e2e.newPage('desktop');
    await openSignedIn(manager, e2e.server, accountPath('settings'), LOGINS.manager.login);
    // A manager's first screen is their venue's overview (docs/back-office.md, "The overview").
    await manager.goto('/devices');
    await waitForPath(manager, accountPath('overview'));
    // The admins' list of accounts is not a manager's: they go to their own venue.
    await manager.goto('/back-office/accounts');
    await waitForPath(manager, accountPath('overview'));
    expect(pathOf(manager)).toBe(accountPath('overview'));
  });

  it("a manager reads today's daily report, prints only the report, and downloads its CSV", async () => {
    const page = await e2e.newPage('desktop');
    await openSignedIn(page, e2e.server, accountPath('daily'), LOGINS.manager.login);
    const section = page.getByRole('region', { name: 'Daily report', exact: true });
    // The demo venue keeps the defaults (UTC, from 06:00); its cash of the seed is in today's gaming day.
    const today = gamingDayOf(Date.now(), { time_zone: 'UTC', day_starts_at: 6 });
    await section.getByLabel('Gaming day', { exact: true }).fill(today);
    await section.getByRole('button', { name: 'Show report', exact: true }).click();
    await section.getByRole('heading', { name: `Demo Venue: gaming day ${today}` }).waitFor();
    const table = section.getByRole('table', { name: 'Daily report' });
    const total = rowWith(table, 'All devices');
    await total.waitFor();
    expect(await total.getByRole('cell').first().textContent()).not.toMatch(/^0 · /);
    await section.getByText('This gaming day is still running: its figures can still grow.').waitFor();

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Account sections' }).isVisible()).toBe(false);
    expect(await section.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
    expect(await section.getByLabel('Gaming day', { exact: true }).isVisible()).toBe(false);
    expect(await table.isVisible()).toBe(true);
    // On paper the table stays a table (the screen folds it into cards below 1024 px).
    expect(await table.evaluate((t) => getComputedStyle(t).display)).toBe('table');
    await page.emulateMedia({ media: 'screen' });

    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download CSV', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`daily-report-${e2e.server.demo.accountId}-${today}.csv`);
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\n');
    expect(lines[0]).toBe('venue,Demo Venue');
    expect(lines).toContain(`gaming_day,${today}`);
    expect(lines.find((line) => line.startsWith(',total,'))).toBeDefined();
  });

  it('shows every page of the console at every width', async () => {
    await atEveryWidth(async (viewport) => {
      const page = await e2e.newPage(viewport);
      await openSignedIn(page, e2e.server, accountPath('settings'), LOGINS.admin.login);
      await page.getByRole('heading', { name: 'Demo Venue', level: 1 }).waitFor();

      const devices = await openAccountTab(page, 'Devices');
      await rowWith(devices.getByRole('table'), 'Rocket Game').first().waitFor();
      await screenshot(page, 'back-office-devices');

      const ledger = await openAccountTab(page, 'Ledger');
      const rows = ledger.getByRole('table');
      await rowWith(rows, 'Deposit').first().waitFor();
      await ledger.getByLabel('Line').selectOption({ label: 'Float' });
      await ledger.getByRole('button', { name: 'Apply filters' }).click();
      // Only float rows are left: the opening top-up, no player balances.
      await rowWith(rows, 'Float top-up').first().waitFor();
      await eventually(
        async () => (await rowWith(rows, 'Player balance').count()) === 0,
        'the float line only',
      );
      const csv = await ledger.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
      expect(csv).toMatch(/\/transactions\.csv\?line=float$/);
      const exported = await page.request.get(csv ?? '');
      expect(exported.status()).toBe(200);
      expect((await exported.text()).split('\n')[0]).toMatch(/^id,created_at,trx,kind,line,/);
      await screenshot(page, 'back-office-ledger');

      const shift = await openAccountTab(page, 'Shift report');
      await rowWith(shift.getByRole('table'), 'All cashiers').waitFor();
      await screenshot(page, 'back-office-shift');

      await openConsoleSection(page, viewport, 'Reconciliation');
      await page.getByRole('button', { name: 'Run verify' }).click();
      await page.getByRole('heading', { name: /^The books balance/ }).waitFor();
      await screenshot(page, 'back-office-reconciliation');

      await openConsoleSection(page, viewport, 'Audit log');
      await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();

      if (consoleFolds(viewport)) await page.getByRole('button', { name: 'Menu', exact: true }).click();
      for (const [lng, users] of [
        ['es', 'Usuarios'],
        ['pt', 'Usuários'],
      ] as const) {
        await page.getByLabel(/^(Language|Idioma)$/).selectOption(lng);
        await page.getByRole('navigation').getByRole('link', { name: users, exact: true }).waitFor();
        await screenshot(page, `back-office-${lng}`);
      }
      await page.getByLabel('Idioma').selectOption('en');
    });
  });
});
