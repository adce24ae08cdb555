// The ledger's own check of a remote (home-play) cash call's PIN, inside its transaction
// (ledger/batch.ts, devices/remote-pin.ts). Over HTTP the PIN guard (devices/pin-guard.ts) refuses a
// stale PIN first, so only a call straight to the ledger reaches this check: a phone that showed a new
// PIN, or whose PIN expired, between the guard and the transaction. The call is refused with 406
// `pin changed` and no money moves.
import { DEVICE_TYPE, ERR } from '@cashdesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { FakeClock, MINUTE } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

const SHOWN_PIN = '482913';
const NEW_PIN = '105577';
const FLOAT = 100_00;

describe.each(testDatabases)("the ledger's remote PIN check on $name", (database) => {
  let db: Db;
  const clock = new FakeClock();
  let ledger: LedgerService;
  beforeEach(async () => {
    db = await database.open();
    ledger = new LedgerService(db, clock);
  });
  afterEach(async () => {
    expect(await verifyLedger(db)).toEqual([]);
    await db.close();
  });

  /** A home-play venue and its phone, showing SHOWN_PIN for the next minute. */
  async function phoneShowingPin() {
    const account = await createVenue(db, { float: FLOAT, home_play: true });
    const user = await createTestUser(db, { account_id: account.id });
    const phone = await createLinkedDevice(db, {
      account_id: account.id,
      type: DEVICE_TYPE.remote,
      places: 1,
    });
    await db.kysely
      .updateTable('devices')
      .set({ pin: SHOWN_PIN, pin_expires_at_ms: clock.now() + MINUTE, pin_previous: null })
      .where('id', '=', phone.id)
      .execute();
    const deposit = (pin: string, trx: string) =>
      ledger.changePlaceCash({
        account_id: account.id,
        user_id: user.id,
        device_id: phone.id,
        device_uuid: phone.uuid,
        place: 1,
        delta_cents: 10_00,
        trx,
        remote_pin: pin,
      });
    /** The venue's float and the phone's entries, as they stand. */
    const moneyNow = () =>
      db.kysely
        .selectFrom('places as p')
        .innerJoin('devices as d', 'd.id', 'p.device_id')
        .innerJoin('accounts as a', 'a.id', 'd.account_id')
        .select(['a.balance_cents as float', 'p.entries_cents as entries'])
        .where('p.device_id', '=', phone.id)
        .executeTakeFirstOrThrow();
    const stored = async (trx: string) =>
      db.kysely.selectFrom('operations').select('id').where('trx', '=', trx).execute();
    return { phone, deposit, moneyNow, stored };
  }

  it("moves the money with the phone's current PIN", async () => {
    const v = await phoneShowingPin();
    expect((await v.deposit(SHOWN_PIN, 'right-pin')).status).toBe(200);
    expect(await v.moneyNow()).toEqual({ float: FLOAT - 10_00, entries: 10_00 });
  });

  // What happens between the HTTP guard passing the PIN and the ledger's transaction: the phone shows a
  // new PIN (the old one kept as pin_previous), its PIN expires, or the PIN was never the phone's.
  const refusals: { what: string; pin: string; meanwhile: (phoneId: number) => Promise<unknown> }[] = [
    {
      what: 'a replaced PIN',
      pin: SHOWN_PIN,
      meanwhile: (phoneId) =>
        db.kysely
          .updateTable('devices')
          .set({ pin: NEW_PIN, pin_previous: SHOWN_PIN })
          .where('id', '=', phoneId)
          .execute(),
    },
    {
      what: 'an expired PIN',
      pin: SHOWN_PIN,
      meanwhile: async () => clock.advance(MINUTE + 1),
    },
    { what: 'a PIN never shown', pin: '000000', meanwhile: async () => undefined },
  ];

  it.each(refusals)('refuses $what with 406 `pin changed`, moving nothing', async ({ pin, meanwhile }) => {
    const v = await phoneShowingPin();
    await meanwhile(v.phone.id);

    await expect(v.deposit(pin, 'refused')).rejects.toMatchObject({ status: 406, err: ERR.pinChanged });
    expect(await v.moneyNow()).toEqual({ float: FLOAT, entries: 0 });
    expect(await v.stored('refused')).toEqual([]);
  });
});
