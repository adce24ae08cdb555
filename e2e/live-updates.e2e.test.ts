// Server push: a terminal holding the live-updates stream shows a change made elsewhere (another till,
// the back office) within a second or two, long before its next poll, and falls back to polling every
// 5 s when the stream is not there.
import { POLL_INTERVAL_MS, POLL_WITH_PUSH_MS, type Restriction } from '@cashdesk/contract';
import { expect, it } from 'vitest';
import { changePlaceCash, createCashier } from './support/data';
import { createLinkedCabinet, devicePays } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import { translator } from './support/i18n';
import { devicesHeading, floatShown, openDeviceButton } from './support/screens';
import { eventually, expectToast, LOGINS, openSignedIn } from './support/ui';

const EVENTS = '/api/v1/a/cashier/events';
const LIST = '/api/v1/a/cashier/devices';
/** Marks, among the requests, the moment the live stream answered. */
const STREAM_ANSWERED = '(stream answered)';
const TOTALS = '/api/v1/a/cashier/daily_totals';

describeE2E('live updates', () => {
  const e2e = useE2E();

  it("shows a colleague's deposit in the float at once, not at the next poll", async () => {
    const page = await e2e.newPage('desktop');
    const streamOpened = page.waitForResponse((response) => response.url().endsWith(EVENTS));
    await openSignedIn(page, e2e.server);
    await devicesHeading(page).waitFor();
    expect((await streamOpened).status()).toBe(200);
    const before = await floatShown(page);

    // The hello refetched the float; with the stream open the next poll is POLL_WITH_PUSH_MS away.
    const started = Date.now();
    await changePlaceCash(e2e.server, e2e.server.demoDevice('rocket').id, 1, 50_00);
    await eventually(async () => (await floatShown(page)) !== before, 'the pushed float', 4_000);
    expect(Date.now() - started).toBeLessThan(POLL_WITH_PUSH_MS);
    expect(parseFloat(await floatShown(page))).toBeCloseTo(parseFloat(before) - 50, 2);
  });

  it("shows a cabinet's game play in the list's Payment at once, without asking for the list", async () => {
    const name = 'Live play';
    const cabinet = await createLinkedCabinet(e2e.server, name, { entries: [100_00, 20_00] });
    const page = await e2e.newPage('desktop');
    // Requests and the stream's answer in the order the browser saw them: the hello comes on the
    // stream, so its catch-up's list call is a request after the stream answered, whenever the screen
    // drew its heading.
    const asked: { path: string; at: number }[] = [];
    page.on('request', (request) => asked.push({ path: new URL(request.url()).pathname, at: Date.now() }));
    page.on('response', (response) => {
      if (response.url().endsWith(EVENTS)) asked.push({ path: STREAM_ANSWERED, at: Date.now() });
    });
    const streamOpened = page.waitForResponse((response) => response.url().endsWith(EVENTS));
    await openSignedIn(page, e2e.server);
    await devicesHeading(page).waitFor();
    expect((await streamOpened).status()).toBe(200);
    // The hello's catch-up asks for the list once; the next poll is POLL_WITH_PUSH_MS after its answer.
    await eventually(
      () => asked.slice(asked.findIndex((a) => a.path === STREAM_ANSWERED)).some((a) => a.path === LIST),
      "the hello's list call",
    );
    await page.waitForLoadState('networkidle');
    const row = page
      .getByRole('table', { name: 'Devices of the venue' })
      .getByRole('row')
      .filter({ has: openDeviceButton(page, name) });
    const payment = row.getByRole('cell').nth(4);
    expect(await payment.innerText()).toBe('120.00');

    const started = Date.now();
    await devicePays(e2e.server, cabinet.token, 1, 12_34);
    await eventually(async () => (await payment.innerText()) === '107.66', 'the pushed payment', 4_000);
    expect(Date.now() - started).toBeLessThan(POLL_WITH_PUSH_MS);
    // Put into the row from the message: neither the list nor the daily totals were asked for again.
    const since = asked.filter((a) => a.at >= started).map((a) => a.path);
    expect(since.filter((path) => path === LIST || path === TOTALS)).toEqual([]);
  });

  it.each(['en', 'es'] as const)(
    "hides the edit pens of a cashier's open page as soon as a manager takes the right away (%s)",
    async (lng) => {
      const demo = await e2e.server.ctx.db.kysely
        .selectFrom('users')
        .select('restrictions')
        .where('login', '=', LOGINS.cashier.login)
        .executeTakeFirstOrThrow();
      const held = JSON.parse(demo.restrictions) as Restriction[];
      expect(held).toContain('can_edit_device');
      const cashier = await createCashier(e2e.server, { password: 'long enough 1', restrictions: held });
      const till = await e2e.newPage('desktop');
      await till.goto('/authorization');
      await till.evaluate((chosen) => localStorage.setItem('lng', chosen), lng);
      await openSignedIn(till, e2e.server, '/devices', cashier.login);
      const pen = translator(lng)('devices:table.edit', { name: '' });
      const pens = till.getByRole('button', { name: new RegExp(`^${pen}`) });
      await pens.first().waitFor();

      // The manager, in the back office of another page, unticks Edit devices and saves.
      const office = await e2e.newPage('desktop');
      await openSignedIn(office, e2e.server, '/back-office/users', LOGINS.manager.login);
      await office.getByRole('button', { name: `Restrictions of ${cashier.login}`, exact: true }).click();
      const dialog = office.getByRole('dialog', { name: `Restrictions of ${cashier.login}` });
      await dialog.getByRole('checkbox', { name: 'Edit devices', exact: true }).uncheck();
      const started = Date.now();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(office, `User ${cashier.login} saved`);

      // Pushed, not polled: the pens go well before the next poll (POLL_WITH_PUSH_MS), with no reload.
      await pens.first().waitFor({ state: 'detached', timeout: POLL_WITH_PUSH_MS });
      expect(Date.now() - started).toBeLessThan(POLL_WITH_PUSH_MS);
      expect(await pens.count()).toBe(0);
    },
  );

  it('polls every 5 s when the stream is refused (a proxy that drops it, say)', async () => {
    const page = await e2e.newPage('desktop');
    await page.route(`**${EVENTS}`, (route) => route.fulfill({ status: 502, body: '' }));
    const floatPolls: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/a/cashier/account_balance')) floatPolls.push(Date.now());
    });
    await openSignedIn(page, e2e.server);
    await devicesHeading(page).waitFor();
    await eventually(() => floatPolls.length >= 6, 'six float polls', 40_000);
    // Every gap after the first (the first screen's own fetch) is one 5 s poll: not the 15 s of push,
    // not a hurried loop, for four polls running.
    const gaps = floatPolls.slice(1).map((at, i) => at - floatPolls[i]!);
    const steady = gaps.slice(1, 5);
    expect(steady).toHaveLength(4);
    for (const gap of steady) {
      expect(gap).toBeGreaterThan(POLL_INTERVAL_MS - 1_000);
      expect(gap).toBeLessThan(POLL_INTERVAL_MS + 2_500);
    }
  });
});
