// The printed receipt of a cash operation, at 375 and 768 px in English and Spanish: it is headed by the
// venue's name and numbered by a short receipt number (the server's `receipt_no`, the operation record's
// id: unique in the venue), with the whole trx beside it; the same number comes back on a retry of the
// same operation, as a reprint after a lost answer gets it.
import { DOUBLE_CLICK_GUARD_MS, type Language } from '@cashdesk/contract';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { ViewportName } from './support/browser';
import { createLinkedCabinet } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import { translator } from './support/i18n';
import { openSignedIn } from './support/ui';

const RUNS: readonly [Language, ViewportName][] = [
  ['en', 'mobile'],
  ['en', 'portrait'],
  ['es', 'mobile'],
  ['es', 'portrait'],
];

/** What window.print() printed, one line a text: the receipt laid out for paper (features/cash/receipt.tsx). */
function printedReceipts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { e2ePrinted: string[] }).e2ePrinted);
}

describeE2E('cash receipt', () => {
  const e2e = useE2E();

  it.each(RUNS)(
    'is headed by the venue and numbered by a short number beside the trx (%s, %s)',
    async (lng, viewport) => {
      const t = translator(lng);
      const name = `Receipt ${lng} ${viewport}`;
      const cabinet = await createLinkedCabinet(e2e.server, name);
      const page = await e2e.newPage(viewport);
      await page.addInitScript((chosen) => {
        localStorage.setItem('lng', chosen);
        localStorage.setItem('cash.printReceipt', '1');
        // The print dialog of a till, as the receipt is sent to it: what it would print, and done.
        const printed: string[] = [];
        (window as unknown as { e2ePrinted: string[] }).e2ePrinted = printed;
        // Its lines in order: the venue, the title, then each label and its value (the sheet is laid out
        // hidden on screen, so read by element, not as rendered text).
        window.print = () => {
          const sheet = document.querySelector('.receipt-print');
          const lines = [...(sheet?.querySelectorAll('p, h1, dt, dd') ?? [])].map((el) =>
            (el.textContent ?? '').trim(),
          );
          printed.push(lines.join('\n'));
          window.dispatchEvent(new Event('afterprint'));
        };
      }, lng);
      await openSignedIn(page, e2e.server);
      await page
        .getByRole('button', { name: t('devices:table.open', { name }), exact: true })
        .first()
        .click();
      await page
        .getByRole('button', { name: t('devices:players.manageLabel', { place: 1 }), exact: true })
        .click();
      const dialog = page.getByRole('dialog');
      const numpad = dialog.getByRole('group', { name: t('numpad.label') });
      for (const key of '25') await numpad.getByRole('button', { name: key, exact: true }).click();
      await dialog
        .getByRole('group', { name: t('cash:actions.label') })
        .getByRole('button', { name: t('cash:actions.deposit'), exact: true })
        .click();
      const yes = dialog.getByRole('button', { name: t('cash:adult.yes'), exact: true });
      await yes.waitFor();
      await page.waitForTimeout(DOUBLE_CLICK_GUARD_MS + 100);
      await yes.click();
      await expect.poll(async () => (await printedReceipts(page)).length).toBe(1);

      const operation = await e2e.server.ctx.db.kysely
        .selectFrom('operations')
        .select(['id', 'trx'])
        .where('device_id', '=', cabinet.id)
        .where('scope', '=', `user:${e2e.server.demo.cashierId}`)
        .executeTakeFirstOrThrow();
      const receiptNo = String(operation.id);
      const lines = (await printedReceipts(page))[0]!.split('\n');
      expect(lines.slice(0, 2)).toEqual(['Demo Venue', t('cash:receipt.title.deposit')]);
      const after = (label: string) => lines[lines.indexOf(label) + 1];
      expect(lines).toContain(t('cash:receipt.receiptNumber'));
      expect(after(t('cash:receipt.receiptNumber'))).toBe(receiptNo);
      expect(receiptNo.length).toBeLessThanOrEqual(10);
      expect(after(t('cash:receipt.trx'))).toBe(operation.trx);
      expect(after(t('cash:receipt.amount'))).toBe('25.00 EUR');

      // The same operation sent again (its answer lost) answers the same number: a reprint matches.
      const again = await page.evaluate(
        async ({ url, trx }) => {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ delta: 25_00, trx }),
          });
          return (await res.json()) as { receipt_no?: string; venue?: string };
        },
        { url: `/api/v1/a/cashier/devices/${cabinet.id}/place/1/update`, trx: operation.trx },
      );
      expect(again).toMatchObject({ receipt_no: receiptNo, venue: 'Demo Venue' });
    },
  );
});
