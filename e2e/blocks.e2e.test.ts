// Account blocks on the cashier's screens (docs/money.md, "Blocks"): a hard block disables every cash
// operation and a banner says why, a light block disables deposits only; the server refuses the same.
import { ERR } from '@cashdesk/contract';
import { afterEach, expect, it } from 'vitest';
import { updateAccount } from '@cashdesk/server';
import { screenshot } from './support/browser';
import { placeBalances } from './support/data';
import { createLinkedCabinet } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import { manage, openDevice, operationButton, typeOnNumpad } from './support/screens';
import { expectToast, openSignedIn } from './support/ui';

describeE2E('account blocks', () => {
  const e2e = useE2E();

  const setBlocks = (blocks: { is_hard_block_home_play?: boolean; is_light_block_home_play?: boolean }) =>
    updateAccount(e2e.server.ctx.db.kysely, e2e.server.demo.accountId, blocks);

  afterEach(() => setBlocks({ is_hard_block_home_play: false, is_light_block_home_play: false }));

  it.each(['desktop', 'mobile'] as const)(
    'a hard block disables deposit, withdraw, cash out and the quick amounts, and says why (%s)',
    async (viewport) => {
      const name = `Hard ${viewport}`;
      const device = await createLinkedCabinet(e2e.server, name, { entries: [40_00] });
      await setBlocks({ is_hard_block_home_play: true });
      const page = await e2e.newPage(viewport);
      await openSignedIn(page, e2e.server);
      await page.getByText('Cash operations are blocked for this venue.', { exact: true }).waitFor();
      const region = await openDevice(page, viewport, name);
      const dialog = await manage(page, region, 1);
      await dialog.getByText('This venue is blocked: no cash operation is possible.').waitFor();
      await typeOnNumpad(dialog, '10');
      for (const operation of ['Deposit', 'Withdraw', 'Cash out'] as const) {
        expect(await operationButton(dialog, operation).isDisabled(), operation).toBe(true);
      }
      for (const amount of ['100.00', '50.00', '20.00', '10.00']) {
        expect(await dialog.getByRole('button', { name: `Deposit ${amount}` }).isDisabled()).toBe(true);
      }
      await screenshot(page, `blocks-hard-${viewport}`);

      // What the screen disables, the server refuses: the same call sent from the page.
      const answer = await page.evaluate(async (path) => {
        const res = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ delta: -10_00, trx: crypto.randomUUID() }),
        });
        return { status: res.status, body: (await res.json()) as unknown };
      }, `/api/v1/a/cashier/devices/${device.id}/place/1/update`);
      expect(answer).toEqual({ status: 403, body: { err: ERR.hardBlock } });
      expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 40_00, finalBonus: 0 });
    },
  );

  it('a light block disables deposits only: a withdraw goes through', async () => {
    const name = 'Light block';
    const device = await createLinkedCabinet(e2e.server, name, { entries: [40_00] });
    await setBlocks({ is_light_block_home_play: true });
    const page = await e2e.newPage('tablet');
    await openSignedIn(page, e2e.server);
    await page.getByText('Deposits are blocked for this venue.', { exact: true }).waitFor();
    const region = await openDevice(page, 'tablet', name);
    const dialog = await manage(page, region, 1);
    await typeOnNumpad(dialog, '5');
    expect(await operationButton(dialog, 'Deposit').isDisabled()).toBe(true);
    expect(await operationButton(dialog, 'Cash out').isDisabled()).toBe(false);
    await operationButton(dialog, 'Withdraw').click();
    await expectToast(page, 'Withdrawn 5.00 EUR');
    expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 35_00, finalBonus: 0 });
  });
});
