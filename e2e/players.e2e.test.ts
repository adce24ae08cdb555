// Players at the till (contract "Players"), in Chromium against the real server and the demo venue, at
// 375 and 1280 px in English and Spanish: a card registered at the till and the player served, then a
// deposit for them; a deposit past their daily limit refused with what is left (kept until closed); an
// excluded player's card saying why and until when; a transfer between two seats; a large payout that
// waits for the player's identity, recorded in the cash modal, then paid once. And a card read by its QR
// code through Chromium's fake camera, fed a picture of the code made here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOUBLE_CLICK_GUARD_MS, type Language } from '@cashdesk/contract';
import { chromium, type Locator, type Page } from 'playwright-core';
import encodeQR from 'qr';
import { afterAll, expect, it } from 'vitest';
import { screenshot, VIEWPORTS, type ViewportName } from './support/browser';
import { placeBalances } from './support/data';
import { createLinkedCabinet } from './support/devices';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/env';
import { describeE2E, useE2E } from './support/harness';
import { translator, type Translate } from './support/i18n';
import {
  createPlayer,
  depositForPlayer,
  isoDayFromNow,
  playerByCard,
  seatPlayer,
  withReportThreshold,
} from './support/players';
import { opensInPanel } from './support/screens';
import { eventually, openSignedIn } from './support/ui';

/** Each flow at both widths, each width in one language: 375 px in English, 1280 px in Spanish, and back. */
const RUNS: readonly (readonly [ViewportName, Language])[] = [
  ['mobile', 'en'],
  ['laptop', 'es'],
];
const RUNS_CROSSED: readonly (readonly [ViewportName, Language])[] = [
  ['mobile', 'es'],
  ['laptop', 'en'],
];

/** A run's own names: cards and devices are the venue's, shared by the tests of this file. */
const tag = (viewport: ViewportName, lng: Language) => `${VIEWPORTS[viewport].width}${lng}`;

describeE2E('players at the till', () => {
  const e2e = useE2E();

  async function open(viewport: ViewportName, lng: Language): Promise<{ page: Page; t: Translate }> {
    const page = await e2e.newPage(viewport);
    await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
    await openSignedIn(page, e2e.server);
    return { page, t: translator(lng) };
  }

  /** Opens the player card from the devices toolbar and reads `card` typed into it. */
  async function readCard(page: Page, t: Translate, card: string): Promise<Locator> {
    await page.getByRole('button', { name: t('players:open'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: t('players:read.label') }).fill(card);
    await dialog.getByRole('button', { name: t('players:read.submit'), exact: true }).click();
    return dialog;
  }

  /** Serves the player of the card on screen; the bar above the devices names them. */
  async function serve(page: Page, t: Translate, dialog: Locator, who: string): Promise<void> {
    await dialog.getByRole('button', { name: t('players:actions.serve'), exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const bar = page.getByRole('region', { name: t('players:bar.label') });
    await bar.getByText(t('players:bar.serving', { who }), { exact: true }).waitFor();
  }

  /** Opens place `place` of the device named `name` in the cash modal, in the width's way. */
  async function manage(
    page: Page,
    t: Translate,
    viewport: ViewportName,
    name: string,
    place: number,
  ): Promise<Locator> {
    await page.getByRole('button', { name: t('devices:table.open', { name }), exact: true }).click();
    if (!opensInPanel(viewport)) await page.waitForURL(/\/devices\/\d+/);
    const region = page.getByRole('region', { name, exact: true });
    await region.getByRole('button', { name: t('devices:players.manageLabel', { place }) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: t('cash:title', { place }), exact: true }).waitFor();
    return dialog;
  }

  async function typeOnNumpad(t: Translate, scope: Locator, amount: string): Promise<void> {
    const numpad = scope.getByRole('group', { name: t('numpad.label') });
    for (const key of amount) await numpad.getByRole('button', { name: key, exact: true }).click();
  }

  const operation = (t: Translate, dialog: Locator, kind: 'deposit' | 'withdraw') =>
    dialog
      .getByRole('group', { name: t('cash:actions.label') })
      .getByRole('button', { name: t(`cash:actions.${kind}`), exact: true });

  async function answer(dialog: Locator, name: string): Promise<void> {
    const button = dialog.getByRole('button', { name, exact: true });
    await button.waitFor();
    await new Promise((resolve) => setTimeout(resolve, DOUBLE_CLICK_GUARD_MS + 100));
    await button.click();
  }

  const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });

  it.each(RUNS)(
    'registers an unknown card, serves the player and deposits for them (%s, %s)',
    async (viewport, lng) => {
      const name = `Register ${tag(viewport, lng)}`;
      const card = `REG-${tag(viewport, lng)}`;
      const device = await createLinkedCabinet(e2e.server, name);
      const { page, t } = await open(viewport, lng);

      const dialog = await readCard(page, t, card);
      await dialog.getByText(t('players:unknown.message', { card }), { exact: true }).waitFor();
      await dialog.getByRole('button', { name: t('players:unknown.register'), exact: true }).click();
      await dialog.getByRole('heading', { name: t('players:register.title', { card }) }).waitFor();
      await dialog.getByRole('textbox', { name: t('players:identity.name') }).fill('Ana Pérez');
      await screenshot(page, `players-register-${lng}`);
      await dialog.getByRole('button', { name: t('players:register.submit'), exact: true }).click();
      await dialog.getByRole('heading', { name: 'Ana Pérez', exact: true }).waitFor();
      await screenshot(page, `players-card-${lng}`);
      const player = await playerByCard(e2e.server, card);
      expect(player).toMatchObject({ name: 'Ana Pérez', day_cash_in_cents: 0 });
      await serve(page, t, dialog, 'Ana Pérez');

      const cash = await manage(page, t, viewport, name, 1);
      await cash.getByText(t('cash:player.for', { who: 'Ana Pérez' }), { exact: true }).waitFor();
      await typeOnNumpad(t, cash, '25');
      await operation(t, cash, 'deposit').click();
      await answer(cash, t('cash:adult.yes'));
      await toast(page, t('cash:success.deposit', { amount: '25.00 EUR' })).waitFor();
      await cash.waitFor({ state: 'detached' });

      expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 25_00, finalBonus: 0 });
      // The money is the player's: their seat, and their cash in of the day.
      expect(await seatPlayer(e2e.server, device.id, 1)).toBe(Number(player!.id));
      expect(await playerByCard(e2e.server, card)).toMatchObject({ day_cash_in_cents: 25_00 });
    },
  );

  it.each(RUNS_CROSSED)(
    'refuses a deposit past the daily limit and says what is left, until closed (%s, %s)',
    async (viewport, lng) => {
      const name = `Limit ${tag(viewport, lng)}`;
      const card = `LIM-${tag(viewport, lng)}`;
      const device = await createLinkedCabinet(e2e.server, name);
      await createPlayer(e2e.server, card, { name: 'Luis Gómez', daily_limit: 100_00 });
      const { page, t } = await open(viewport, lng);

      const dialog = await readCard(page, t, card);
      const figures = dialog.getByRole('region', { name: t('players:summary.label') });
      await figures.getByText(t('players:summary.limitLeft'), { exact: true }).waitFor();
      expect(await figures.innerText()).toContain('100.00 EUR');
      await serve(page, t, dialog, 'Luis Gómez');

      const cash = await manage(page, t, viewport, name, 1);
      await typeOnNumpad(t, cash, '150');
      await operation(t, cash, 'deposit').click();
      await answer(cash, t('cash:adult.yes'));
      const refusal = t('errors:depositLimit', { left: '100.00' });
      await toast(page, refusal).waitFor();
      await screenshot(page, `players-limit-${lng}`);
      // A message with a figure stays until the cashier closes it, and the form stays to correct the amount.
      await page.waitForTimeout(2_500);
      expect(await toast(page, refusal).isVisible()).toBe(true);
      expect(await operation(t, cash, 'deposit').isVisible()).toBe(true);
      expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 0, finalBonus: 0 });

      // What is left goes through.
      await typeOnNumpad(t, cash, '100');
      await operation(t, cash, 'deposit').click();
      await answer(cash, t('cash:adult.yes'));
      await toast(page, t('cash:success.deposit', { amount: '100.00 EUR' })).waitFor();
      expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 100_00, finalBonus: 0 });
    },
  );

  it.each(RUNS)(
    "says why an excluded player's card gets no deposit, and until when (%s, %s)",
    async (viewport, lng) => {
      const until = isoDayFromNow(30);
      const dated = `EXC-${tag(viewport, lng)}`;
      const forever = `EXF-${tag(viewport, lng)}`;
      await createPlayer(e2e.server, dated, { name: 'Eva Ruiz', excluded_until: until });
      await createPlayer(e2e.server, forever, { excluded_until: null });
      const { page, t } = await open(viewport, lng);

      const dialog = await readCard(page, t, dated);
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toBe(
        `${t('players:summary.excludedUntil', { until })} ${t('players:summary.noDeposit')}`,
      );
      await screenshot(page, `players-excluded-${lng}`);

      await dialog.getByRole('button', { name: t('players:actions.another'), exact: true }).click();
      await dialog.getByRole('textbox', { name: t('players:read.label') }).fill(forever);
      await dialog.getByRole('button', { name: t('players:read.submit'), exact: true }).click();
      await dialog
        .getByRole('heading', { name: t('players:card', { card: forever }), exact: true })
        .waitFor();
      expect(await dialog.getByRole('alert').innerText()).toBe(
        `${t('players:summary.excludedIndefinitely')} ${t('players:summary.noDeposit')}`,
      );
    },
  );

  it.each(RUNS_CROSSED)('moves a player’s money from one seat to another (%s, %s)', async (viewport, lng) => {
    const from = `From ${tag(viewport, lng)}`;
    const to = `To ${tag(viewport, lng)}`;
    const card = `TRF-${tag(viewport, lng)}`;
    const fromDevice = await createLinkedCabinet(e2e.server, from);
    const toDevice = await createLinkedCabinet(e2e.server, to);
    const player = await createPlayer(e2e.server, card, { name: 'Tomás Vidal' });
    await depositForPlayer(e2e.server, player, fromDevice.id, 1, 60_00);
    const { page, t } = await open(viewport, lng);

    const dialog = await readCard(page, t, card);
    await dialog.getByRole('heading', { name: 'Tomás Vidal', exact: true }).waitFor();
    await dialog.getByRole('button', { name: t('players:actions.transfer'), exact: true }).click();
    await dialog.getByRole('heading', { name: t('players:transfer.title') }).waitFor();
    await dialog
      .getByRole('combobox', { name: t('players:transfer.device') })
      .selectOption({ label: `${to} · ID ${toDevice.id}` });
    await dialog
      .getByRole('combobox', { name: t('players:transfer.place') })
      .selectOption({ label: t('players:transfer.placeNumber', { place: 2 }) });
    await typeOnNumpad(t, dialog, '20');
    await screenshot(page, `players-transfer-${lng}`);
    await dialog.getByRole('button', { name: t('players:transfer.submit'), exact: true }).click();

    await dialog.getByText(t('players:transfer.done', { amount: '20.00 EUR' }), { exact: true }).waitFor();
    const result = dialog.locator('.player-transfer__result');
    const balanceOf = async (seat: string) =>
      (
        await result.getByText(seat, { exact: true }).locator('xpath=following-sibling::dd').innerText()
      ).trim();
    expect(
      await balanceOf(t('players:summary.seatName', { device: from, id: fromDevice.id, place: 1 })),
    ).toBe('40.00 EUR');
    expect(await balanceOf(t('players:summary.seatName', { device: to, id: toDevice.id, place: 2 }))).toBe(
      '20.00 EUR',
    );
    await screenshot(page, `players-transferred-${lng}`);
    expect(await placeBalances(e2e.server, fromDevice.id, 1)).toEqual({ entries: 40_00, finalBonus: 0 });
    expect(await placeBalances(e2e.server, toDevice.id, 2)).toEqual({ entries: 20_00, finalBonus: 0 });
    expect(await seatPlayer(e2e.server, toDevice.id, 2)).toBe(player.id);

    // Back on the card, the seats follow.
    await dialog.getByRole('button', { name: t('players:actions.back'), exact: true }).click();
    await eventually(
      async () => (await dialog.getByRole('table').innerText()).includes('20.00 EUR'),
      'the seats read again',
    );
  });

  it.each(RUNS)(
    'asks for the identity a large payout needs, records it, then pays once (%s, %s)',
    async (viewport, lng) => {
      const name = `Identity ${tag(viewport, lng)}`;
      const card = `IDN-${tag(viewport, lng)}`;
      const device = await createLinkedCabinet(e2e.server, name);
      const player = await createPlayer(e2e.server, card);
      await depositForPlayer(e2e.server, player, device.id, 1, 150_00);
      await withReportThreshold(e2e.server, 100_00, async () => {
        const { page, t } = await open(viewport, lng);
        const dialog = await readCard(page, t, card);
        await serve(page, t, dialog, t('players:card', { card }));

        const cash = await manage(page, t, viewport, name, 1);
        await typeOnNumpad(t, cash, '120');
        await operation(t, cash, 'withdraw').click();
        await cash.getByRole('heading', { name: t('cash:identity.title'), exact: true }).waitFor();
        expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 150_00, finalBonus: 0 });

        await cash.getByRole('textbox', { name: t('players:identity.name') }).fill('Rosa Díaz');
        await cash
          .getByRole('combobox', { name: t('players:identity.documentKind') })
          .selectOption({ label: t('players:identity.kinds.passport') });
        await cash.getByRole('textbox', { name: t('players:identity.documentNumber') }).fill('P-998877');
        await screenshot(page, `players-identity-${lng}`);
        await cash.getByRole('button', { name: t('players:identity.save'), exact: true }).click();

        await toast(page, t('cash:success.withdraw', { amount: '120.00 EUR' })).waitFor();
        await cash.waitFor({ state: 'detached' });
        expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 30_00, finalBonus: 0 });
        expect(await playerByCard(e2e.server, card)).toMatchObject({
          name: 'Rosa Díaz',
          document_kind: 'passport',
          document_number: 'P-998877',
          day_cash_out_cents: 120_00,
        });
        // One payout, whatever was sent twice.
        const withdrawals = await e2e.server.ctx.db.kysely
          .selectFrom('operations')
          .select('trx')
          .where('player_id', '=', player.id)
          .where('kind', '=', 'withdraw')
          .execute();
        expect(withdrawals).toHaveLength(1);
      });
    },
  );

  describeQrCamera(e2e);
});

/**
 * A card read by its QR code: Chromium's fake camera plays a picture of the code (a Y4M file made here
 * with the `qr` package), and the card shows the player. Its own browser: the fake camera is a launch
 * argument.
 */
function describeQrCamera(e2e: ReturnType<typeof useE2E>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-qr-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(['mobile', 'laptop'] as const)(
    'reads a card by its QR code with the camera (%s)',
    async (viewport) => {
      const card = `QR-${VIEWPORTS[viewport].width}`;
      await createPlayer(e2e.server, card, { name: 'Quim Ribas' });
      const video = path.join(dir, `${card}.y4m`);
      fs.writeFileSync(video, y4mOf(card));
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: [
          ...CHROMIUM_ARGS,
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          `--use-file-for-fake-video-capture=${video}`,
        ],
      });
      try {
        const context = await browser.newContext({
          viewport: VIEWPORTS[viewport],
          baseURL: e2e.server.baseUrl,
        });
        await context.grantPermissions(['camera'], { origin: e2e.server.baseUrl });
        const page = await context.newPage();
        await openSignedIn(page, e2e.server);
        const t = translator('en');
        await page.getByRole('button', { name: t('players:open'), exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: t('players:read.scan'), exact: true }).click();
        await dialog.getByRole('heading', { name: 'Quim Ribas', exact: true }).waitFor({ timeout: 20_000 });
        expect(await dialog.getByRole('textbox', { name: t('players:read.label') }).count()).toBe(0);
        expect(await dialog.getByRole('region', { name: t('players:summary.label') }).innerText()).toContain(
          card,
        );
      } finally {
        await browser.close();
      }
    },
  );
}

/**
 * A Y4M video (what Chromium's fake camera plays) of a few frames, 640x480, showing the QR code of `text`
 * in black on white, 8 px a module, in the middle.
 */
function y4mOf(text: string): Buffer {
  const width = 640;
  const height = 480;
  const modules = encodeQR(text, 'raw', { border: 4 });
  const scale = 8;
  const size = modules.length * scale;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  const luma = Buffer.alloc(width * height, 235);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        const start = (top + y * scale + dy) * width + left + x * scale;
        luma.fill(16, start, start + scale);
      }
    }),
  );
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, frame, frame, frame]);
}
