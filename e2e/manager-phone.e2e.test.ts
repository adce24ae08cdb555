// A manager on a phone (375 px) and a portrait tablet (768 px), in English and in Portuguese, in Chromium
// against the real server: the account's twelve tabs are all reachable from a strip that says how many are
// out of sight; the folded Menu counts the payouts waiting for the manager; an alert reads in the
// manager's language, with money in its currency, the device by its name now and its last report on the
// browser's clock; the audit log shows money and names; and the daily report's four-eyes counts add up,
// each outcome named.
import { randomUUID } from 'node:crypto';
import { gamingDayOf, type Language } from '@cashdesk/contract';
import { findUserByLogin, updateAccount } from '@cashdesk/server';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { screenshot, type ViewportName } from './support/browser';
import { floatBalance } from './support/data';
import { createLinkedCabinet, renameDevice } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import { translator, type Translate } from './support/i18n';
import { layoutFaults } from './support/layout';
import { eventually, LOGINS, money, openSignedIn, waitForPath } from './support/ui';

const APPROVAL_ABOVE = 100_00;
/** Above the demo float (10000.00 less the cabinet's opening deposits): the float-low alert opens. */
const FLOAT_BELOW = 20_000_00;
const MOVED = 123_45;
const SILENT_SINCE = Date.now() - 60 * 60 * 1000;

const VISITS: [ViewportName, Language, string][] = [
  ['mobile', 'en', 'Europe/London'],
  ['mobile', 'pt', 'America/Sao_Paulo'],
  ['portrait', 'en', 'Europe/Madrid'],
  ['portrait', 'pt', 'America/Sao_Paulo'],
];

/** A text of the web app's catalogue as a pattern, each `{{name}}` left in it a group of digits. */
function countsPattern(text: string): RegExp {
  const escaped = text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{\{\s*\w+\s*\}\}/g, '(\\d+)')}$`);
}

/** Both plural forms of a counted text as one pattern. */
function pluralPattern(t: Translate, key: string): RegExp {
  const [one, other] = [t(`${key}_one`), t(`${key}_other`)].map((text) => countsPattern(text).source);
  return new RegExp(`${one}|${other}`);
}

/** An instant as `formatDateTime` writes it on a browser in `timeZone`: 2026-11-28 14:05:00. */
function clockText(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));
}

describeE2E('a manager on a phone', () => {
  const e2e = useE2E();
  let cabinet: { id: number };
  let rocketId: number;
  let cashier2Id: number;
  const accountApi = () => `/api/v1/a/manager/account/${e2e.server.demo.accountId}`;

  /** A call made by the signed-in page itself (same origin, its session), as the console makes them. */
  async function call(page: Page, method: string, path: string, body: unknown): Promise<unknown> {
    const answer = await page.evaluate(
      async ({ method, path, body }) => {
        const res = await fetch(path, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as unknown };
      },
      { method, path, body },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  }

  /** A cashier's withdraw the venue holds for a manager (the ledger's 202): its approval id. */
  async function heldPayout(deviceId: number, place: number, cents: number): Promise<string> {
    const device = await e2e.server.ctx.db.kysely
      .selectFrom('devices')
      .select('uuid')
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
    const outcome = await e2e.server.ctx.ledger.changePlaceCash({
      account_id: e2e.server.demo.accountId,
      user_id: e2e.server.demo.cashierId,
      device_id: deviceId,
      device_uuid: device.uuid,
      place,
      delta_cents: -cents,
      trx: `e2e-held-${randomUUID()}`,
      remote_pin: null,
    });
    expect(outcome.status).toBe(202);
    return (outcome.body as { approval_id: string }).approval_id;
  }

  /** The venue's payouts waiting now (pending, inside their 10 minutes). */
  async function waitingNow(): Promise<number> {
    const rows = await e2e.server.ctx.db.kysely
      .selectFrom('approvals')
      .select('id')
      .where('account_id', '=', e2e.server.demo.accountId)
      .where('status', '=', 'pending')
      .where('created_at_ms', '>', Date.now() - 10 * 60 * 1000)
      .execute();
    return rows.length;
  }

  beforeAll(async () => {
    const venue = e2e.server.demo.accountId;
    await updateAccount(e2e.server.ctx.db.kysely, venue, {
      approval_above: APPROVAL_ABOVE,
      alert_float_below: FLOAT_BELOW,
    });
    // Its opening deposits move the float: the venue's check opens the float-low alert.
    cabinet = await createLinkedCabinet(e2e.server, 'Walk cabinet', { entries: [900_00, 900_00] });
    // The demo's rocket never reported (no simulator): silent, its alert raised under its old name. It
    // is renamed since, and its last report is an hour old.
    rocketId = e2e.server.demoDevice('rocket').id;
    await renameDevice(e2e.server, rocketId, 'Bar Rocket');
    await e2e.server.ctx.db.kysely
      .updateTable('devices')
      .set({ last_seen_at_ms: SILENT_SINCE })
      .where('id', '=', rocketId)
      .execute();
    await e2e.server.ctx.alerts.idle();
    await eventually(async () => {
      const open = await e2e.server.ctx.db.kysely
        .selectFrom('alerts')
        .select('kind')
        .where('account_id', '=', venue)
        .where('cleared_at_ms', 'is', null)
        .execute();
      return open.some((a) => a.kind === 'float_low');
    }, 'the float-low alert');

    // Four eyes today: one declined by the manager, one withdrawn by the cashier (each visit adds one
    // that waits).
    const manager = await e2e.newPage('desktop');
    await openSignedIn(manager, e2e.server, '/back-office', LOGINS.manager.login);
    const declined = await heldPayout(cabinet.id, 1, 250_00);
    await call(manager, 'POST', `${accountApi()}/approvals/${declined}`, {
      decision: 'decline',
      password: LOGINS.manager.password,
      reason: 'not today',
    });
    const taken = await heldPayout(cabinet.id, 2, 150_00);
    const till = await e2e.newPage('desktop');
    await openSignedIn(till, e2e.server);
    await call(till, 'POST', `/api/v1/a/cashier/approvals/${taken}/withdraw`, {});

    // The audit log: a float move (money) and a cashier renamed (a name), both by the manager.
    await call(manager, 'POST', `${accountApi()}/move`, {
      delta: MOVED,
      trx: randomUUID(),
      reason: 'walk float',
    });
    const cashier2 = await findUserByLogin(e2e.server.ctx.db.kysely, LOGINS.cashier2.login);
    cashier2Id = cashier2!.id;
    await call(manager, 'POST', `${accountApi()}/user/${cashier2Id}`, {
      name: 'Ana Walk',
      reason: 'walk rename',
    });
  });
  afterAll(async () => {
    await updateAccount(e2e.server.ctx.db.kysely, e2e.server.demo.accountId, {
      approval_above: null,
      alert_float_below: 500_00,
    });
  });

  it.each(VISITS)('reads the venue at %s in %s', async (viewport, lng, timeZone) => {
    const t: Translate = translator(lng);
    const bo = (key: string, params?: Record<string, string | number>) => t(`backOffice:${key}`, params);
    // A cashier waits at the till now, at a cabinet of this visit's own.
    const till = await createLinkedCabinet(e2e.server, `Walk till ${viewport} ${lng}`, { entries: [900_00] });
    await heldPayout(till.id, 1, 120_00);
    const waiting = await waitingNow();

    const page = await e2e.newPage(viewport, undefined, {
      touch: viewport === 'mobile',
      locale: lng === 'pt' ? 'pt-BR' : 'en-GB',
      timezoneId: timeZone,
    });
    await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
    const press = (target: Locator) => (viewport === 'mobile' ? target.tap() : target.click());
    await openSignedIn(page, e2e.server, '/back-office', LOGINS.manager.login);
    await waitForPath(page, `/back-office/accounts/${e2e.server.demo.accountId}/overview`);
    const overview = page.getByRole('region', { name: bo('account.section.overview'), exact: true });
    await overview.waitFor();

    // The folded Menu counts the payouts waiting for the manager, in words for a screen reader.
    const menu = page.getByRole('button', { name: bo('nav.menu'), exact: true });
    const waitingBadge = menu.locator('.bo-badge--waiting');
    await eventually(async () => (await waitingBadge.textContent()) === String(waiting), 'the waiting count');
    expect(await waitingBadge.isVisible()).toBe(true);
    expect((await menu.getAttribute('aria-describedby'))?.split(' ')).toContain('bo-waiting-payouts');
    const said = waiting === 1 ? 'approvals.waiting_one' : 'approvals.waiting_other';
    expect(await page.locator('#bo-waiting-payouts').textContent()).toBe(bo(said, { count: waiting }));

    // The alerts, in the manager's language: money with its currency, the device by its name now and
    // its last report on this browser's clock; never the server's English, an ISO instant or the old name.
    const alerts = overview.getByRole('region', { name: countsPattern(bo('floor.alerts.title')) });
    const silentText = bo('floor.alerts.text.deviceSilent', {
      device: 'Bar Rocket',
      time: clockText(SILENT_SINCE, timeZone),
      minutes: 10,
    });
    await alerts.getByText(silentText, { exact: true }).waitFor();
    const floatText = bo('floor.alerts.text.floatLow', {
      float: `${money(await floatBalance(e2e.server))} EUR`,
      below: `${money(FLOAT_BELOW)} EUR`,
    });
    await alerts.getByText(floatText, { exact: true }).waitFor();
    const shown = await alerts.innerText();
    expect(shown).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect(shown).not.toContain('Rocket Game');
    // None reads as the server wrote it when it was raised (English, an ISO instant, the old name).
    const raw = await e2e.server.ctx.db.kysely
      .selectFrom('alerts')
      .select('details')
      .where('account_id', '=', e2e.server.demo.accountId)
      .where('cleared_at_ms', 'is', null)
      .execute();
    for (const { details } of raw) expect(shown).not.toContain(details);
    if (lng === 'pt') expect(shown).not.toMatch(/\b(below|above|since)\b/);
    await screenshot(page, `manager-phone-overview-${lng}-${page.viewportSize()!.width}`);
    expect(await layoutFaults(page), 'the overview').toEqual([]);

    // The tabs: the strip says how many are out of sight at its end, and brings them into view.
    const strip = page.getByRole('navigation', { name: bo('account.sections'), exact: true });
    const more = page.getByRole('button', { name: pluralPattern(t, 'backOffice:account.tabsAfter') });
    const dailyTab = strip.getByRole('link', { name: bo('account.section.daily'), exact: true });
    await more.waitFor();
    expect(await outOfSightAfter(strip)).toBeGreaterThan(0);
    expect(await more.innerText()).toBe(
      `${bo('account.tabsMore_other', { count: await outOfSightAfter(strip) })} ›`,
    );
    const dailyName = bo('account.section.daily');
    expect(await inSight(strip, dailyName)).toBe(false);
    for (let presses = 0; !(await inSight(strip, dailyName)); presses += 1) {
      expect(presses, 'presses of "more" to reach the Daily report tab').toBeLessThan(8);
      await press(more);
      await page.waitForTimeout(400); // the strip scrolls smoothly
    }
    await screenshot(page, `manager-phone-tabs-${lng}-${page.viewportSize()!.width}`);
    // What went out of sight at the start is counted there too.
    await page.getByRole('button', { name: pluralPattern(t, 'backOffice:account.tabsBefore') }).waitFor();
    await press(dailyTab);

    // The daily report of today's gaming day: the four-eyes counts add up, each outcome named.
    const daily = page.getByRole('region', { name: bo('account.section.daily'), exact: true });
    const today = gamingDayOf(Date.now(), { time_zone: 'UTC', day_starts_at: 6 });
    await daily.getByLabel(bo('daily.day'), { exact: true }).fill(today);
    await press(daily.getByRole('button', { name: bo('daily.show'), exact: true }));
    await daily
      .getByRole('heading', { name: bo('daily.heading', { venue: 'Demo Venue', day: today }) })
      .waitFor();
    const total = daily
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByText(bo('daily.total'), { exact: true }) });
    const lines = total.locator('td').last().getByRole('listitem');
    await lines.first().waitFor();
    const [asked, outcomes, left] = await lines.allInnerTexts();
    const [requested] = countsPattern(bo('daily.approvalsAsked'))
      .exec(asked ?? '')!
      .slice(1)
      .map(Number);
    const [approved, declined, withdrawn, expired] = countsPattern(bo('daily.approvalsOutcomes'))
      .exec(outcomes ?? '')!
      .slice(1)
      .map(Number);
    const [stillWaiting] = pluralPattern(t, 'backOffice:daily.approvalsWaiting')
      .exec(left ?? '')!
      .slice(1)
      .filter(Boolean)
      .map(Number);
    // Made today, as the table holds them: every one of them is in exactly one outcome, or waiting.
    const madeToday = await e2e.server.ctx.db.kysely
      .selectFrom('approvals')
      .select('id')
      .where('account_id', '=', e2e.server.demo.accountId)
      .where('created_at_ms', '>=', Date.parse(`${today}T06:00:00Z`))
      .execute();
    expect({ requested, approved, declined, withdrawn, stillWaiting }).toEqual({
      requested: madeToday.length,
      approved: 0,
      declined: 1,
      withdrawn: 1,
      stillWaiting: waiting,
    });
    expect(requested).toBe(approved! + declined! + withdrawn! + expired! + stillWaiting!);
    expect(await layoutFaults(page), 'the daily report').toEqual([]);

    // The audit log, its last tab: money with its currency, people by their names.
    const auditTab = strip.getByRole('link', { name: bo('account.section.audit'), exact: true });
    while (!(await inSight(strip, bo('account.section.audit')))) {
      await press(more);
      await page.waitForTimeout(400);
    }
    await press(auditTab);
    const audit = page.getByRole('region', { name: bo('audit.title'), exact: true });
    const rows = audit.getByRole('table').getByRole('row');
    const move = rows.filter({ hasText: 'walk float' });
    const after = await floatBalanceAfterMove();
    await move.getByText(`balance: ${money(after - MOVED)} EUR → ${money(after)} EUR`).waitFor();
    await move.getByText('Demo Manager', { exact: false }).waitFor();
    const renamed = rows.filter({ hasText: 'walk rename' });
    await renamed.getByText('Ana Walk', { exact: false }).first().waitFor();
    await renamed.getByText(bo('audit.targets.user', { id: cashier2Id }), { exact: true }).waitFor();
    await screenshot(page, `manager-phone-audit-${lng}-${page.viewportSize()!.width}`);
    expect(await layoutFaults(page), 'the audit log').toEqual([]);
  });

  /** The float right after the manager's move of MOVED: the audit's `after` of that entry. */
  async function floatBalanceAfterMove(): Promise<number> {
    const row = await e2e.server.ctx.db.kysely
      .selectFrom('audit_log')
      .select('after_json')
      .where('action', '=', 'account.float_move')
      .where('reason', '=', 'walk float')
      .executeTakeFirstOrThrow();
    return (JSON.parse(row.after_json ?? '{}') as { balance: number }).balance;
  }
});

/** How many of the strip's tabs are past its right edge (a half-shown one counts). */
function outOfSightAfter(strip: Locator): Promise<number> {
  return strip.evaluate((nav) => {
    const box = nav.getBoundingClientRect();
    return [...nav.querySelectorAll('a')].filter((a) => a.getBoundingClientRect().right > box.right + 1)
      .length;
  });
}

/** Whether the tab named `name` is wholly inside the strip's visible part. */
function inSight(strip: Locator, name: string): Promise<boolean> {
  return strip.evaluate((nav, wanted) => {
    const tab = [...nav.querySelectorAll('a')].find((a) => a.textContent?.trim() === wanted);
    if (!tab) throw new Error(`no tab ${wanted}`);
    const box = nav.getBoundingClientRect();
    const rect = tab.getBoundingClientRect();
    return rect.left >= box.left - 1 && rect.right <= box.right + 1;
  }, name);
}
