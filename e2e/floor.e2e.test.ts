// The manager's live floor (issue 30) in Chromium against the real server: a withdrawal made at a till
// shows on the manager's overview, open at 1280 and at 375 px, within seconds (pushed, not polled), and
// the open alert it raises shows there and as a count on the menu within 2 s; then it is acknowledged.
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeScan, describeFinding, failing } from './support/axe';
import { screenshot } from './support/browser';
import { createLinkedCabinet } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import { layoutFaults } from './support/layout';
import { answer, manage, openDevice, operationButton, typeOnNumpad } from './support/screens';
import { eventually, expectToast, LOGINS, money, openSignedIn, waitForPath } from './support/ui';

/**
 * Whether the server raises alerts yet: the checks that raise them are another branch's work
 * (issue30-alerts). Until they land, nothing raises the "Many withdrawals this hour" alert and the alert
 * half of the test is skipped; set it to true once they are merged.
 */
const ALERTS_RAISED = false;

/** The venue's default `alert_withdrawals_hour` (docs/product.md section 16) is 2000.00: this is above it. */
const WITHDRAWAL = 2100_00;

const WIDTHS = [
  { name: '1280 px', size: { width: 1280, height: 800 }, viewport: 'desktop' as const },
  { name: '375 px', size: { width: 375, height: 812 }, viewport: 'mobile' as const },
];

describeE2E("the manager's live floor", () => {
  const e2e = useE2E();

  /** A figure of the overview's Cash today, as shown ('120.50 EUR'). */
  const figure = (cash: Locator, term: string) =>
    cash
      .locator('dl > div')
      .filter({ has: cash.page().getByText(term, { exact: true }) })
      .locator('dd')
      .innerText();

  async function openOverview(size: { width: number; height: number }, viewport: 'desktop' | 'mobile') {
    // The phone width is a touch screen (taps), the wide one a keyboard and mouse.
    const page = await e2e.newPage(viewport, undefined, { touch: viewport === 'mobile' });
    await page.setViewportSize(size);
    await openSignedIn(page, e2e.server, '/back-office', LOGINS.manager.login);
    await waitForPath(page, `/back-office/accounts/${e2e.server.demo.accountId}/overview`);
    const overview = page.getByRole('region', { name: 'Overview', exact: true });
    // The venue's stream is open: changes are pushed, not waited for at the next poll.
    await overview.getByText('Live: changes show as they happen.', { exact: true }).waitFor();
    const cash = overview.getByRole('region', { name: 'Cash today (UTC)', exact: true });
    await cash.waitFor();
    return { page, overview, cash };
  }

  it('shows a withdrawal made at a till on the overview within seconds, at 1280 and 375 px', async () => {
    const cabinet = 'Floor cabinet';
    await createLinkedCabinet(e2e.server, cabinet, { entries: [WITHDRAWAL + 50_00] });
    const managers = await Promise.all(WIDTHS.map((w) => openOverview(w.size, w.viewport)));
    const before = await Promise.all(managers.map(({ cash }) => figure(cash, 'Withdrawals today')));

    // The till: the demo cashier withdraws from place 1 of the cabinet through the cash-manage modal.
    const till = await e2e.newPage('desktop');
    await openSignedIn(till, e2e.server);
    const region = await openDevice(till, 'desktop', cabinet);
    const dialog = await manage(till, region, 1);
    await typeOnNumpad(dialog, String(WITHDRAWAL / 100));
    await operationButton(dialog, 'Withdraw').click();
    const withdrawn = `Withdrawn ${money(WITHDRAWAL)} EUR`;
    const confirm = dialog.getByRole('button', { name: 'Confirm', exact: true });
    await Promise.race([expectToast(till, withdrawn), confirm.waitFor()]);
    if (await confirm.isVisible()) await answer(dialog, 'Confirm');
    await expectToast(till, withdrawn);
    const madeAt = Date.now();

    // Both overviews follow at once: pushed by the venue's stream, well before the 15 s poll.
    await Promise.all(
      managers.map(async ({ cash }, i) => {
        const expected = `${money(parseCents(before[i]!) + WITHDRAWAL)} EUR`;
        await eventually(async () => (await figure(cash, 'Withdrawals today')) === expected, expected, 5_000);
      }),
    );
    expect(Date.now() - madeAt).toBeLessThan(5_000);

    for (const [i, { page }] of managers.entries()) {
      expect(await layoutFaults(page), `layout at ${WIDTHS[i]!.name}`).toEqual([]);
      const findings = failing(await axeScan(page)).map(describeFinding);
      expect(findings, `accessibility at ${WIDTHS[i]!.name}`).toEqual([]);
      await screenshot(page, `back-office-overview-${WIDTHS[i]!.size.width}`);
    }

    if (!ALERTS_RAISED) return;
    // The withdrawals of this hour passed the venue's limit: an alert, on the overview and on the menu,
    // within 2 s of the withdrawal.
    await Promise.all(managers.map(({ page, overview }) => alertShows(page, overview, madeAt)));
    // Acknowledged at 375 px: it says who, and leaves the menu's count at both widths.
    const [wide, narrow] = managers;
    const alerts = narrow!.overview.getByRole('region', { name: /^Alerts: / });
    await alerts.getByRole('button', { name: 'Acknowledge: Many withdrawals this hour', exact: true }).tap();
    await alerts.getByText(/^Acknowledged by .+ at /).waitFor();
    for (const { page } of [wide!, narrow!]) await menuCountGone(page);
  });

  it('shows a raised alert within 2 s on the overview and the menu, and records who acknowledged it, at 1280 and 375 px', async () => {
    const [wide, narrow] = await Promise.all(WIDTHS.map((w) => openOverview(w.size, w.viewport)));
    const manager = await e2e.server.ctx.db.kysely
      .selectFrom('users')
      .select(['id', 'name'])
      .where('login', '=', LOGINS.manager.login)
      .executeTakeFirstOrThrow();
    const ackedBy = async (id: number) =>
      (
        await e2e.server.ctx.db.kysely
          .selectFrom('alerts')
          .select('acked_by_user_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).acked_by_user_id;

    // Acknowledged by touch at 375 px.
    let raisedAt = Date.now();
    const first = await raiseByHand(e2e, 'e2e:first', 'withdrawals 2100.00 this hour, above 2000.00');
    await Promise.all([wide!, narrow!].map(({ page, overview }) => alertShows(page, overview, raisedAt)));
    for (const { page } of [wide!, narrow!]) await screenshot(page, 'back-office-overview-alert');
    let alerts = narrow!.overview.getByRole('region', { name: 'Alerts: 1', exact: true });
    await alerts.getByText('withdrawals 2100.00 this hour, above 2000.00', { exact: true }).waitFor();
    await alerts.getByRole('button', { name: 'Acknowledge: Many withdrawals this hour', exact: true }).tap();
    await alerts.getByText(new RegExp(`^Acknowledged by ${manager.name} at `)).waitFor();
    await menuCountGone(narrow!.page);
    expect(await ackedBy(first)).toBe(manager.id);

    // A second one, acknowledged by keyboard at 1280 px.
    raisedAt = Date.now();
    const second = await raiseByHand(e2e, 'e2e:second', 'withdrawals 4300.00 this hour, above 2000.00');
    await Promise.all([wide!, narrow!].map(({ page, overview }) => alertShows(page, overview, raisedAt)));
    alerts = wide!.overview.getByRole('region', { name: 'Alerts: 2', exact: true });
    const ack = alerts.getByRole('button', { name: 'Acknowledge: Many withdrawals this hour', exact: true });
    await ack.focus();
    await wide!.page.keyboard.press('Enter');
    await eventually(async () => (await ack.count()) === 0, 'both acknowledged');
    await menuCountGone(wide!.page);
    expect(await ackedBy(second)).toBe(manager.id);
  });
});

/**
 * An alert raised on the server as its checks will raise one (issue30-alerts): the row, then the venue's
 * change pushed to its streams. By hand here, so the screen's part is tested before the checks land.
 */
async function raiseByHand(
  e2e: ReturnType<typeof useE2E>,
  subject: string,
  details: string,
): Promise<number> {
  const { server } = e2e;
  const row = await server.ctx.db.kysely
    .insertInto('alerts')
    .values({
      account_id: server.demo.accountId,
      kind: 'withdrawals_hour',
      subject,
      details,
      started_at_ms: Date.now(),
      cleared_at_ms: null,
      acked_by_user_id: null,
      acked_at_ms: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.ctx.changes.publish({ account_id: server.demo.accountId, float: true, device_ids: [] });
  return Number(row.id);
}

async function alertShows(page: Page, overview: Locator, since: number): Promise<void> {
  const alerts = overview.getByRole('region', { name: /^Alerts: / });
  await alerts.getByText('Many withdrawals this hour', { exact: true }).waitFor({ timeout: 2_000 });
  expect(Date.now() - since).toBeLessThan(2_000);
  const narrow = (page.viewportSize()?.width ?? 0) < 1024;
  const counted = narrow
    ? page.getByRole('button', { name: 'Menu', exact: true })
    : page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'My venue', exact: true });
  await eventually(
    async () => (await counted.getAttribute('aria-describedby')) === 'bo-open-alerts',
    'the count on the menu',
    2_000,
  );
  expect(await page.locator('#bo-open-alerts').textContent()).toMatch(/^Open alerts: [1-9]/);
}

async function menuCountGone(page: Page): Promise<void> {
  await eventually(async () => (await page.locator('#bo-open-alerts').count()) === 0, 'no count', 5_000);
}

function parseCents(shown: string): number {
  return Math.round(parseFloat(shown) * 100);
}
