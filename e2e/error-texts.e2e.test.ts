// Every error a cashier can see is a catalogue text in their language, never the
// server's own words (apps/web/src/api/error-toast.ts). A cash call is answered, by the browser's
// interception, with a contract error (`wrong pin`) and with a text the contract does not know; the
// cashier reads the catalogue's sentence in English, Spanish and Portuguese, and never the raw text.
// A PIN throttle (429) is said one way, in the remote modal as in its toast.
import type { Language } from '@cashdesk/contract';
import { ERR } from '@cashdesk/contract';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createCashier, placeBalances } from './support/data';
import { createLinkedCabinet } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import { translator, type Translate } from './support/i18n';
import { expectToast, openSignedIn } from './support/ui';

/** What a server (or something between) could put in `err`: it must never reach the screen. */
const RAW_UNKNOWN = 'ledger shard 7 unreachable: SELECT balance_cents FROM accounts';

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

describeE2E('error texts of a cash call', () => {
  const e2e = useE2E();

  it.each(['en', 'es', 'pt'] as const)(
    'shows the catalogue sentence for wrong pin and for an unknown error, never the raw text (%s)',
    async (lng: Language) => {
      const t: Translate = translator(lng);
      const name = `Errors ${lng}`;
      const device = await createLinkedCabinet(e2e.server, name, { entries: [40_00] });
      const page = await e2e.newPage('desktop');
      // The language as a cashier who chose it once: remembered in localStorage `lng`.
      await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
      await openSignedIn(page, e2e.server);

      // The server never sees these calls: the answers come from the interception, in turn.
      const answers = [{ err: ERR.wrongPin }, { err: RAW_UNKNOWN }];
      const url = `**/api/v1/a/cashier/devices/${device.id}/place/1/update`;
      await page.route(url, (route) =>
        route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify(answers.shift() ?? { err: RAW_UNKNOWN }),
        }),
      );

      await button(page, t('devices:table.open', { name })).click();
      const region = page
        .getByRole('complementary', { name: t('devices:detail.label') })
        .getByRole('region', { name, exact: true });
      const dialog = page.getByRole('dialog');
      // A refusal of this kind closes the modal (features/cash/cash-errors.ts): each call opens it anew.
      const withdraw = async (digits: string) => {
        await button(region, t('devices:players.manageLabel', { place: 1 })).click();
        await dialog.getByRole('heading', { name: t('cash:title', { place: 1 }), exact: true }).waitFor();
        const numpad = dialog.getByRole('group', { name: t('numpad.label') });
        for (const key of digits) await button(numpad, key).click();
        const operations = dialog.getByRole('group', { name: t('cash:actions.label') });
        await button(operations, t('cash:actions.withdraw')).click();
      };
      const toastTexts = () => page.getByRole('status').allInnerTexts();

      await withdraw('5');
      await expectToast(page, t('errors:wrongPin'));
      expect((await toastTexts()).join('\n')).not.toContain(ERR.wrongPin);
      await dialog.waitFor({ state: 'detached' });

      await withdraw('6');
      await expectToast(page, t('errors:unknown'));
      const shown = `${(await toastTexts()).join('\n')}\n${await page.locator('body').innerText()}`;
      expect(shown).not.toContain(RAW_UNKNOWN);
      expect(shown).not.toContain('ledger shard');

      // Both refusals came from the interception: nothing moved.
      expect(answers).toEqual([]);
      expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 40_00, finalBonus: 0 });
    },
  );

  // With the cashier's PIN tries held, the remote modal said 'check the PIN' while the
  // toast asked to wait. Now both say the wait: the server's real 429 (its throttle row for this cashier,
  // apps/server/src/devices/pin-guard.ts, held for 42 s), a cashier of its own so no other test is held.
  it.each(['en', 'es'] as const)(
    'says only the wait when the PIN tries are held, in the remote modal as in the toast (%s)',
    async (lng: Language) => {
      const t: Translate = translator(lng);
      const cashier = await createCashier(e2e.server, { password: 'held-pin-tries-1' });
      const now = Date.now();
      await e2e.server.ctx.db.kysely
        .insertInto('sign_in_throttle')
        .values({
          key: `pin-user:${cashier.id}`,
          failures: 5,
          window_started_at_ms: now,
          locked_until_ms: now + 42_000,
        })
        .execute();
      const page = await e2e.newPage('desktop');
      await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
      await openSignedIn(page, e2e.server, '/devices', cashier.login);

      await button(page, t('devices:remote.open')).click();
      const dialog = page.getByRole('dialog', { name: t('devices:remote.title') });
      const numpad = dialog.getByRole('group', { name: t('numpad.label') });
      for (const key of '123456') await button(numpad, key).click();
      await button(dialog, t('devices:remote.activate')).click();

      const [before, after] = t('errors:tooManyAttempts', { seconds: '§' }).split('§') as [string, string];
      // The seconds left of the 42, however long the page took to get there.
      const wait = new RegExp(`^${literal(before)}([1-9]|[1-3]\\d|4[0-2])${literal(after)}$`);
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      const said = (await alert.innerText()).trim();
      expect(said).toMatch(wait);
      expect(said).not.toContain(t('devices:remote.error'));
      await expectToast(page, said);
    },
  );
});

/** `text` as a regular expression that matches it literally. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
