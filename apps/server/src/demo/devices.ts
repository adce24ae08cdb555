// The demo venue's gaming devices: three linked cabinets with balances and history, one cabinet waiting
// for its PIN and one home-play phone showing a 6-digit PIN. Their tokens are kept in `settings` so the
// in-process simulators (demo/simulators.ts) are the same devices after every restart.
import { MODULES, TX_TYPE, type DeviceEventType } from '@cashdesk/contract';
import { z } from 'zod';
import { findAccountByName } from '../accounts/accounts.repository.js';
import type { AppContext } from '../context.js';
import { findUserByLogin } from '../users/users.repository.js';
import { enrollDevice } from '../gateway/gateway.service.js';

const DEVICES_KEY = 'demo_devices';

export const demoDevice = z.object({
  role: z.enum(['rocket', 'fruit', 'frog', 'unlinked', 'phone']),
  id: z.number(),
  token: z.string(),
  kind: z.enum(['cabinet', 'remote']),
  module: z.number(),
  places: z.number(),
});
export type DemoDevice = z.infer<typeof demoDevice>;

const PLAN: Omit<DemoDevice, 'id' | 'token'>[] = [
  { role: 'rocket', kind: 'cabinet', module: MODULES.rocket, places: 4 },
  { role: 'fruit', kind: 'cabinet', module: MODULES.fruit, places: 6 },
  { role: 'frog', kind: 'cabinet', module: MODULES.frog, places: 8 },
  { role: 'unlinked', kind: 'cabinet', module: MODULES.rocket, places: 4 },
  { role: 'phone', kind: 'remote', module: MODULES.fruit, places: 1 },
];

/** Opening deposits per linked cabinet (cents by place) and a little play, so every screen has data. */
const OPENING: Record<string, number[]> = {
  rocket: [50_00, 120_00, 0, 20_00],
  fruit: [100_00, 0, 35_50, 0, 10_00, 0],
  frog: [20_00, 20_00, 0, 0, 75_00, 0, 0, 5_00],
};
const PLAY: { type: DeviceEventType; amount: number }[] = [
  { type: TX_TYPE.pay, amount: 5_00 },
  { type: TX_TYPE.win, amount: 7_50 },
  { type: TX_TYPE.pay, amount: 2_00 },
];

/** Seeds the demo devices once the demo venue and its cashier exist (after seedDemo). */
export async function ensureDemoDevices(ctx: AppContext): Promise<void> {
  const account = await findAccountByName(ctx.db.kysely, 'Demo Venue');
  const cashier = await findUserByLogin(ctx.db.kysely, 'cashier');
  if (account && cashier) await seedDemoDevices(ctx, account.id, cashier.id);
}

export async function readDemoDevices(ctx: AppContext): Promise<DemoDevice[]> {
  const row = await ctx.db.kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', DEVICES_KEY)
    .executeTakeFirst();
  if (!row) return [];
  const parsed = demoDevice.array().safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : [];
}

/**
 * Enrolls and links the demo devices with opening balances and history, then tops the float up by what
 * the opening deposits took, so the venue's float stays exactly where the seed put it (contract).
 */
export async function seedDemoDevices(ctx: AppContext, accountId: number, cashierId: number): Promise<void> {
  if ((await readDemoDevices(ctx)).length > 0) return;
  const now = ctx.clock.now();
  const devices: DemoDevice[] = [];
  for (const plan of PLAN) {
    const enrolled = await enrollDevice(
      ctx.db,
      { kind: plan.kind, module: plan.module, game_id: 1, places: plan.places },
      now,
    );
    devices.push({ ...plan, id: enrolled.id, token: enrolled.device_token });
  }

  let deposited = 0;
  for (const device of devices.filter((d) => OPENING[d.role])) {
    await ctx.db.kysely
      .updateTable('devices')
      .set({ account_id: accountId, status: 'ready', linked_at_ms: now })
      .where('id', '=', device.id)
      .execute();
    const uuid = (
      await ctx.db.kysely
        .selectFrom('devices')
        .select('uuid')
        .where('id', '=', device.id)
        .executeTakeFirstOrThrow()
    ).uuid;
    for (const [index, cents] of (OPENING[device.role] ?? []).entries()) {
      if (cents === 0) continue;
      const place = index + 1;
      const outcome = await ctx.ledger.changePlaceCash({
        account_id: accountId,
        user_id: cashierId,
        device_id: device.id,
        device_uuid: uuid,
        place,
        delta_cents: cents,
        trx: `demo-open-${device.id}-${place}`,
        remote_pin: null,
      });
      if (outcome.status !== 200) throw new Error(`demo deposit failed: ${JSON.stringify(outcome.body)}`);
      deposited += cents;
      for (const [step, event] of PLAY.entries()) {
        if (event.amount > cents) continue;
        await ctx.ledger.applyDeviceEvent({
          type: event.type,
          amount_cents: event.amount,
          device_id: device.id,
          place,
          trx: `demo-play-${device.id}-${place}-${step}`,
        });
      }
    }
  }
  if (deposited > 0) {
    const topUp = await ctx.ledger.moveFloat({
      account_id: accountId,
      user_id: null,
      delta_cents: deposited,
      trx: `demo-seed-devices-${accountId}`,
      reason: 'demo seed: restore the float after opening deposits',
    });
    if (topUp.status !== 200) throw new Error(`demo float top-up failed: ${JSON.stringify(topUp.body)}`);
  }
  await ctx.db.kysely
    .insertInto('settings')
    .values({ key: DEVICES_KEY, value: JSON.stringify(devices) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
