// The devices screen follows the venue: a colleague's deposit at another till, a rename and game play
// show in the open device list (Payment column, names, 24-hour totals) without a reload, pushed within
// a second or two while the live-updates stream is open, and by the 5 s poll when it is refused. The
// list is refetched in place: the same table, no loading line, the chosen device still chosen.
import { API_BASE, POLL_INTERVAL_MS, POLL_WITH_PUSH_MS } from '@cashdesk/contract';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createSession, findUserByLogin } from '@cashdesk/server';
import { changePlaceCash, createCashier } from './support/data';
import { createLinkedCabinet, devicePays } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import type { E2EServer } from './support/server';
import { devicesHeading, openDevice, openDeviceButton } from './support/screens';
import { eventually, LOGINS, money, openSignedIn } from './support/ui';

const EVENTS = `${API_BASE}/a/cashier/events`;
const LIST = `${API_BASE}/a/cashier/devices`;
/** A pushed change shows within this (the stream merges changes over 1 s), far below any poll period. */
const PUSHED_WITHIN_MS = 4_000;

/** The list row of the device named `name` (names short enough to be shown whole). */
function row(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: 'Devices of the venue' })
    .getByRole('row')
    .filter({ has: openDeviceButton(page, name) });
}

async function paymentShown(page: Page, name: string): Promise<string> {
  return (await row(page, name).getByRole('cell').nth(4).innerText()).trim();
}

/** The 24-hour deposit sum of the totals header. */
async function depositTotalShown(page: Page): Promise<string> {
  const totals = page.getByLabel('Totals of the last 24 hours', { exact: true });
  return (await totals.locator('div').first().locator('dd').innerText()).trim();
}

/**
 * Marks the list's table and watches the list for a loading line: a refetch that rebuilt the table or
 * flashed 'Loading…' would show in `listWasReplaced()`.
 */
async function watchList(page: Page): Promise<() => Promise<{ sameTable: boolean; loadingSeen: boolean }>> {
  await page.evaluate(() => {
    const list = document.querySelector('.devices-page__list')!;
    list.querySelector('table')!.setAttribute('data-e2e-mark', 'first');
    const seen = { loading: false };
    (window as unknown as { e2eList: typeof seen }).e2eList = seen;
    new MutationObserver(() => {
      if (list.querySelector('[role="status"]')?.textContent?.includes('Loading')) seen.loading = true;
    }).observe(list, { childList: true, subtree: true, characterData: true });
  });
  return () =>
    page.evaluate(() => ({
      sameTable: document.querySelector('table[data-e2e-mark="first"]') !== null,
      loadingSeen: (window as unknown as { e2eList: { loading: boolean } }).e2eList.loading,
    }));
}

/** Another terminal of the venue: a session of its own, calling the API as that till's web app would. */
async function colleague(server: E2EServer) {
  const user = await findUserByLogin(server.ctx.db.kysely, LOGINS.cashier.login);
  if (!user) throw new Error('e2e: no demo cashier');
  const { token } = await createSession(
    server.ctx.db.kysely,
    { userId: user.id, remember: false },
    Date.now(),
  );
  return {
    async rename(deviceId: number, name: string) {
      const res = await fetch(`${server.apiUrl}/a/cashier/devices/${deviceId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `x-token=${token}`, origin: server.baseUrl },
        body: JSON.stringify({ name, hidden: false }),
      });
      if (res.status !== 200) throw new Error(`e2e: rename refused: ${res.status} ${await res.text()}`);
    },
  };
}

async function shownWithin(what: string, ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  await eventually(check, what, ms);
  return Date.now() - started;
}

describeE2E('the devices screen follows the venue', () => {
  const e2e = useE2E();

  it("shows a colleague's deposit, a rename and game play as they happen, in place", async () => {
    const cabinet = await createLinkedCabinet(e2e.server, 'Follow A', { entries: [20_00] });
    const page = await e2e.newPage('desktop');
    const streamOpened = page.waitForResponse((response) => response.url().endsWith(EVENTS));
    await openSignedIn(page, e2e.server);
    await devicesHeading(page).waitFor();
    expect((await streamOpened).status()).toBe(200);
    expect(await paymentShown(page, 'Follow A')).toBe(money(20_00));
    // The cashier is looking at another device in the side panel.
    await openDevice(page, 'desktop', 'Rocket Game');
    const listed = await watchList(page);
    const depositsBefore = parseFloat(await depositTotalShown(page));
    const listCalls: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === LIST) listCalls.push(Date.now());
    });

    // A deposit at another till (through the ledger, as that till's call does).
    await changePlaceCash(e2e.server, cabinet.id, 1, 50_00);
    const afterDeposit = await shownWithin(
      'the deposit in the Payment column',
      PUSHED_WITHIN_MS,
      async () => {
        return (await paymentShown(page, 'Follow A')) === money(70_00);
      },
    );
    expect(afterDeposit).toBeLessThan(POLL_WITH_PUSH_MS);
    expect(parseFloat(await depositTotalShown(page))).toBeCloseTo(depositsBefore + 50, 2);

    // The colleague renames it.
    await (await colleague(e2e.server)).rename(cabinet.id, 'Follow B');
    await shownWithin(
      'the new name',
      PUSHED_WITHIN_MS,
      async () => (await openDeviceButton(page, 'Follow B').count()) === 1,
    );
    expect(await openDeviceButton(page, 'Follow A').count()).toBe(0);

    // The player bets 5.00 on the cabinet.
    await devicePays(e2e.server, cabinet.token, 1, 5_00);
    await shownWithin('the bet in the Payment column', PUSHED_WITHIN_MS, async () => {
      return (await paymentShown(page, 'Follow B')) === money(65_00);
    });

    // About one list call per change but game play, whose payment comes in the message (the odd 15 s
    // poll aside), and the list never rebuilt or blanked.
    expect(listCalls.length).toBeGreaterThanOrEqual(2);
    expect(listCalls.length).toBeLessThanOrEqual(4);
    expect(await listed()).toEqual({ sameTable: true, loadingSeen: false });
    expect(await openDeviceButton(page, 'Rocket Game').getAttribute('aria-current')).toBe('true');
  });

  it('follows by polling every 5 s when the stream is refused', async () => {
    const cabinet = await createLinkedCabinet(e2e.server, 'Poll A', { entries: [10_00] });
    const page = await e2e.newPage('desktop');
    await page.route(`**${EVENTS}`, (route) => route.fulfill({ status: 502, body: '' }));
    const listPolls: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === LIST) listPolls.push(Date.now());
    });
    await openSignedIn(page, e2e.server);
    await devicesHeading(page).waitFor();
    expect(await paymentShown(page, 'Poll A')).toBe(money(10_00));
    const listed = await watchList(page);

    await changePlaceCash(e2e.server, cabinet.id, 1, 25_00);
    await devicePays(e2e.server, cabinet.token, 1, 1_00);
    // No push: the next poll, within one period (and a little for the call itself), shows both.
    await shownWithin('the polled Payment column', POLL_INTERVAL_MS + 2_000, async () => {
      return (await paymentShown(page, 'Poll A')) === money(34_00);
    });
    await eventually(() => listPolls.length >= 3, 'three list polls', 15_000);
    const gaps = listPolls.slice(1).map((at, i) => at - listPolls[i]!);
    expect(Math.max(...gaps.slice(1))).toBeLessThan(POLL_WITH_PUSH_MS - 5_000);
    expect(await listed()).toEqual({ sameTable: true, loadingSeen: false });
  });

  it("hides the device panel's 24-hour sums from a cashier with disable_daily_total", async () => {
    const cashier = await createCashier(e2e.server, {
      password: 'cashier123',
      restrictions: ['disable_daily_total'],
    });
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await e2e.newPage(viewport);
      await openSignedIn(page, e2e.server, '/devices', cashier.login);
      await devicesHeading(page).waitFor();
      expect(await page.getByLabel('Totals of the last 24 hours').count()).toBe(0);
      const region = await openDevice(page, viewport, 'Fruit Game');
      await region.getByText('Latest deposit', { exact: true }).waitFor();
      await region.getByText('Latest withdraw', { exact: true }).waitFor();
      for (const label of ['24h deposit', '24h withdraw', '24h delta']) {
        expect(await region.getByText(label, { exact: true }).count(), `${viewport}: ${label}`).toBe(0);
      }
    }

    // The demo cashier, without the restriction, sees them.
    const page = await e2e.newPage('desktop');
    await openSignedIn(page, e2e.server);
    const region = await openDevice(page, 'desktop', 'Fruit Game');
    for (const label of ['24h deposit', '24h withdraw', '24h delta']) {
      await region.getByText(label, { exact: true }).waitFor();
    }
  });
});
