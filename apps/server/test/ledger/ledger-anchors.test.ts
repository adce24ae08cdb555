// The chain's anchors (migration 018, back-office/reports/ledger-anchors.ts): each closed gaming day's head
// of each venue is kept once, append-only, and `verify` holds the chain to every kept head and to one the
// operator passes (`--head ENTRIES:HASH`). What it catches is what the chain alone cannot: with the
// append-only triggers out of the way (as the tables' owner can do) the newest rows deleted and the head
// moved back, or the chain rewritten from some row with every hash recomputed, is a valid chain of its
// own, and every other check of `verify` holds on it.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gamingDayBounds, gamingDayOf } from '@cashdesk/contract';
import {
  ANCHOR_LOOKBACK_DAYS,
  ANCHOR_SETTLE_MS,
  anchorClosedDays,
} from '../../src/back-office/reports/ledger-anchors.js';
import { makeDailyReport } from '../../src/back-office/reports/daily-report.js';
import type { Db } from '../../src/db/database.js';
import { chainedFieldsOf, chainHash, GENESIS_HASH } from '../../src/db/ledger-chain.js';
import type { AccountRow, Database } from '../../src/db/schema.js';
import { sealAllVenues } from '../../src/ledger/ledger-sealer.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { runCliCaptured } from '../helpers/cli.js';
import { FakeClock } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { behindTheBack, chainRowsOf } from '../helpers/ledger-chain.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

const DAY_MS = 86_400_000;

describe.each(testDatabases)('the chain anchors on $name', (database) => {
  let db: Db;
  let clock: FakeClock;
  let ledger: LedgerService;
  beforeEach(async () => {
    db = await database.open({ poolSize: 10 });
    // The venues' creation time is the real one (factories): the ledger's clock starts there too.
    clock = new FakeClock(Date.now());
    ledger = new LedgerService(db, clock);
  });
  afterEach(() => db.close());

  /** A venue funded (two rows) with three deposits on one cabinet: eight rows on its chain. */
  async function venueWithDeposits() {
    const venue = await createVenue(db, { float: 1_000_00 });
    // The funding rows carry the system clock's time: the ledger's own clock goes on from there, so
    // the rows' times follow their chain order as on a server.
    clock.advance(Math.max(0, Date.now() - clock.now()) + 1);
    const user = await createTestUser(db, { account_id: venue.id });
    const device = await createLinkedDevice(db, { account_id: venue.id, places: 2 });
    const deposit = async (cents: number) => {
      const outcome = await ledger.changePlaceCash({
        account_id: venue.id,
        user_id: user.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place: 1,
        delta_cents: cents,
        trx: randomUUID(),
        remote_pin: null,
      });
      expect(outcome.status).toBe(200);
      await sealAllVenues(db);
    };
    for (const cents of [10_00, 20_00, 30_00]) await deposit(cents);
    return { venue, deposit };
  }

  const rowsOf = (accountId: number) => chainRowsOf(db, accountId);

  const anchorsOf = (accountId: number) =>
    db.kysely
      .selectFrom('ledger_anchors')
      .select(['day', 'entries', 'hash'])
      .where('account_id', '=', accountId)
      .orderBy('day')
      .execute();

  const withoutTriggers = (change: (k: Kysely<Database>) => Promise<unknown>) => behindTheBack(db, change);

  /**
   * The newest rows of a venue deleted, with their operations, every stored balance set to what the rows
   * left say and the head moved back onto the row `keep`: a chain `verify` has nothing to say against.
   */
  async function rewind(accountId: number, keep: number) {
    const gone = (await rowsOf(accountId)).slice(keep);
    await withoutTriggers(async (k) => {
      for (const row of gone) {
        await sql`delete from ledger_seals where entry_id = ${row.id}`.execute(k);
        await sql`delete from ledger_entries where id = ${row.id}`.execute(k);
      }
    });
    await db.kysely
      .deleteFrom('operations')
      .where('id', 'in', [...new Set(gone.map((r) => r.operation_id))])
      .execute();
    await sql`update accounts set balance_cents = (select coalesce(sum(l.amount_cents), 0) from ledger_entries l
      where l.account_id = accounts.id and l.line = 'float') where id = ${accountId}`.execute(db.kysely);
    await sql`update places set
      entries_cents = (select coalesce(sum(l.amount_cents), 0) from ledger_entries l
        where l.device_id = places.device_id and l.place = places.place and l.line = 'entries'),
      final_bonus_cents = (select coalesce(sum(l.amount_cents), 0) from ledger_entries l
        where l.device_id = places.device_id and l.place = places.place and l.line = 'final_bonus')
      where device_id in (select id from devices where account_id = ${accountId})`.execute(db.kysely);
    const last = (await rowsOf(accountId)).at(-1);
    await db.kysely
      .updateTable('ledger_chain_heads')
      .set({
        entries: keep,
        hash: last?.chain_hash ?? GENESIS_HASH,
        sealed_through_id: Number(last?.id ?? 0),
      })
      .where('account_id', '=', accountId)
      .execute();
  }

  /**
   * The venue's rows from chain place `from` on backdated by a second (an operation moved into another
   * shift or day, say), every hash after recomputed and the head moved on: a valid chain, other books.
   */
  async function rewriteFrom(accountId: number, from: number) {
    const rows = await rowsOf(accountId);
    await withoutTriggers(async (k) => {
      let previous = from === 1 ? GENESIS_HASH : rows[from - 2]!.chain_hash;
      for (const row of rows.slice(from - 1)) {
        const created_at_ms = Number(row.created_at_ms) - 1_000;
        const hash = chainHash(previous, { ...chainedFieldsOf(row, Number(row.chain_seq)), created_at_ms });
        await k.updateTable('ledger_entries').set({ created_at_ms }).where('id', '=', row.id).execute();
        await k
          .updateTable('ledger_seals')
          .set({ chain_hash: hash })
          .where('entry_id', '=', row.id)
          .execute();
        previous = hash;
      }
      await k
        .updateTable('ledger_chain_heads')
        .set({ hash: previous })
        .where('account_id', '=', accountId)
        .execute();
    });
  }

  /** Every check `verify` had before the anchors: what a rewind or a rewrite gets past. */
  const withoutAnchors = async (accountId: number) =>
    (await verifyLedger(db, { accountId, nowMs: clock.now() })).filter((m) => m.kind !== 'anchor');

  it("keeps each closed gaming day's head once, the daily report's, however many servers sweep", async () => {
    const { venue } = await venueWithDeposits();
    // Nothing is kept while the venue's first day is still open.
    expect(await anchorClosedDays({ db, clock })).toBe(0);
    clock.advance(2 * DAY_MS);
    // Two servers sweeping at once write each day once between them.
    const [a, b] = await Promise.all([anchorClosedDays({ db, clock }), anchorClosedDays({ db, clock })]);
    const kept = await anchorsOf(venue.id);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(a + b).toBe(kept.length);
    expect(await anchorClosedDays({ db, clock })).toBe(0);
    // The first day's head is the one its daily report prints, and the whole chain so far.
    const account = (await db.kysely
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', venue.id)
      .executeTakeFirstOrThrow()) as AccountRow;
    const report = await makeDailyReport(db, {
      account,
      day: kept[0]!.day,
      nowMs: clock.now(),
      madeBy: 'test',
    });
    const rows = await rowsOf(venue.id);
    expect({ entries: Number(kept[0]!.entries), hash: kept[0]!.hash }).toEqual(report.ledger_head);
    expect(report.ledger_head).toEqual({ entries: 8, hash: rows[7]!.chain_hash });
    expect(await verifyLedger(db, { nowMs: clock.now() })).toEqual([]);
  });

  /**
   * The venue's gaming days by their number from the one it was created in (0), and when each ends, by
   * its own clock (time zone, start of day).
   */
  async function daysOf(accountId: number) {
    const venue = await db.kysely
      .selectFrom('accounts')
      .select(['time_zone', 'day_starts_at', 'created_at_ms'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    const clockOf = { time_zone: venue.time_zone, day_starts_at: Number(venue.day_starts_at) };
    const first = gamingDayOf(Number(venue.created_at_ms), clockOf);
    const day = (n: number) =>
      new Date(Date.parse(`${first}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
    return { day, endOf: (n: number) => gamingDayBounds(day(n), clockOf).toMs };
  }

  const anchoredDaysOf = async (accountId: number) => (await anchorsOf(accountId)).map((a) => a.day);

  it('anchors a day ANCHOR_SETTLE_MS after it ended, not a millisecond before', async () => {
    const { venue } = await venueWithDeposits();
    const { day, endOf } = await daysOf(venue.id);
    clock.set(endOf(0) + ANCHOR_SETTLE_MS - 1);
    expect(await anchorClosedDays({ db, clock })).toBe(0);
    expect(await anchoredDaysOf(venue.id)).toEqual([]);
    clock.set(endOf(0) + ANCHOR_SETTLE_MS);
    expect(await anchorClosedDays({ db, clock })).toBe(1);
    expect(await anchoredDaysOf(venue.id)).toEqual([day(0)]);
  });

  // A sweep after a stop of days anchors the last ANCHOR_LOOKBACK_DAYS closed days: the venue's first day
  // is the 7th back until the 8th day settles, then it is left alone (by every later sweep too).
  it.each([
    {
      when: 'a ms before the 8th day settles, the first day is inside',
      settled: ANCHOR_SETTLE_MS - 1,
      kept: [0, 1, 2, 3, 4, 5, 6],
    },
    {
      when: 'once the 8th day settles, the first day is outside',
      settled: ANCHOR_SETTLE_MS,
      kept: [1, 2, 3, 4, 5, 6, 7],
    },
  ])('looks back 7 closed days: $when', async ({ settled, kept }) => {
    expect(ANCHOR_LOOKBACK_DAYS).toBe(7);
    const { venue } = await venueWithDeposits();
    const { day, endOf } = await daysOf(venue.id);
    clock.set(endOf(7) + settled);
    expect(await anchorClosedDays({ db, clock })).toBe(7);
    expect(await anchorClosedDays({ db, clock })).toBe(0);
    expect(await anchoredDaysOf(venue.id)).toEqual(kept.map(day));
  });

  it('names a chain rewound behind a kept day (rows deleted, head moved back) that every other check passes', async () => {
    const { venue, deposit } = await venueWithDeposits();
    clock.advance(2 * DAY_MS);
    await anchorClosedDays({ db, clock });
    const [first] = await anchorsOf(venue.id);
    // Today's deposit, then every row after the first deposit gone: two deposits of the kept day with it.
    await deposit(5_00);
    await rewind(venue.id, 4);
    expect(await withoutAnchors(venue.id)).toEqual([]);
    expect(await verifyLedger(db, { nowMs: clock.now() })).toEqual([
      {
        kind: 'anchor',
        account_id: venue.id,
        day: first!.day,
        entries: 8,
        hash: first!.hash,
        problem: 'rewound',
        chain_entries: 4,
        entry_id: null,
      },
    ]);
    const cli = await runCliCaptured(db, ['verify']);
    expect(cli.code).toBe(1);
    expect(cli.out).toContain(
      `hash chain of account ${venue.id}: REWOUND after the head kept for gaming day ${first!.day} (8:`,
    );
    expect(cli.out).toContain('the chain holds 4 entries, fewer than the 8 kept');
  });

  it('names a chain rewritten from a row before a kept day with every hash recomputed', async () => {
    const { venue } = await venueWithDeposits();
    clock.advance(2 * DAY_MS);
    await anchorClosedDays({ db, clock });
    const [first] = await anchorsOf(venue.id);
    const before = await rowsOf(venue.id);
    await rewriteFrom(venue.id, 3);
    expect(await withoutAnchors(venue.id)).toEqual([]);
    expect(await verifyLedger(db, { nowMs: clock.now() })).toEqual([
      expect.objectContaining({
        kind: 'anchor',
        day: first!.day,
        problem: 'rewritten',
        entries: 8,
        chain_entries: 8,
        entry_id: before[7]!.id,
      }),
    ]);
    const cli = await runCliCaptured(db, ['verify', '--account', String(venue.id)]);
    expect(cli.code).toBe(1);
    expect(cli.out).toContain(
      `hash chain of account ${venue.id}: REWRITTEN up to the head kept for gaming day ${first!.day}`,
    );
    expect(cli.out).toContain(
      `entry ${before[7]!.id} (place 8 in the chain) no longer carries the kept hash`,
    );
  });

  it('holds the chain to a head the operator wrote down, before any day was kept', async () => {
    const { venue } = await venueWithDeposits();
    const head = await db.kysely
      .selectFrom('ledger_chain_heads')
      .select(['entries', 'hash'])
      .where('account_id', '=', venue.id)
      .executeTakeFirstOrThrow();
    const written = `${Number(head.entries)}:${head.hash}`;
    expect(
      await runCliCaptured(db, ['verify', '--account', String(venue.id), '--head', written]),
    ).toMatchObject({
      code: 0,
      out: 'ledger OK\n',
    });
    await rewind(venue.id, 4);
    // No day has closed yet: today's verify, the anchors included, has nothing to say.
    expect(await runCliCaptured(db, ['verify'])).toMatchObject({ code: 0, out: 'ledger OK\n' });
    const cli = await runCliCaptured(db, ['verify', '--account', String(venue.id), '--head', written]);
    expect(cli.code).toBe(1);
    expect(cli.out).toContain(
      `hash chain of account ${venue.id}: REWOUND after the head given with --head (8:`,
    );
    const json = await runCliCaptured(db, [
      'verify',
      '--account',
      String(venue.id),
      '--head',
      written,
      '--json',
    ]);
    expect(JSON.parse(json.out)).toMatchObject({
      ok: false,
      mismatches: [{ kind: 'anchor', day: null, problem: 'rewound', entries: 8, chain_entries: 4 }],
    });
  });

  it('refuses a head without its venue, or not ENTRIES:HASH', async () => {
    const { venue } = await venueWithDeposits();
    const without = await runCliCaptured(db, ['verify', '--head', `6:${'a'.repeat(64)}`]);
    expect(without.code).toBe(2);
    expect(without.err).toContain('--head needs --account');
    const bad = await runCliCaptured(db, ['verify', '--account', String(venue.id), '--head', '6:xyz']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('expected ENTRIES:HASH');
    const unknown = await runCliCaptured(db, [
      'verify',
      '--account',
      '9999',
      '--head',
      `6:${'a'.repeat(64)}`,
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('unknown account 9999');
  });
});
