// What the ledger's hashes cover, pinned: known answers for the chain hash (db/ledger-chain.ts), the stored
// request hash (ledger/idempotency.ts requestHash), a cash call's and a correction's (ledger/batch-decide.ts,
// through HTTP: the hash the operation record stores), so a change of encoding or of the fields covered
// fails here before it orphans every stored hash; and each field covered changed alone under one trx is
// 422 `trx conflict`. Then one tamper per hashed field of a ledger row, each named by
// `verify`, and the records the ledger links to (operations, corrections, approvals, audit entries).
import { createHash, randomUUID } from 'node:crypto';
import { ERR } from '@cashdesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { chainHash, GENESIS_HASH, type ChainedFields } from '../../src/db/ledger-chain.js';
import { sealAllVenues } from '../../src/ledger/ledger-sealer.js';
import { requestHash } from '../../src/ledger/idempotency.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger, type Mismatch } from '../../src/ledger/verify.js';
import { answer, cash, cashierClient, linkRemote, remoteCash } from '../helpers/cashier.js';
import { runCliCaptured } from '../helpers/cli.js';
import { testDatabases } from '../helpers/databases.js';
import { behindTheBackSql, chainRowsOf } from '../helpers/ledger-chain.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, startTestServer } from '../helpers/server.js';

const KAT_ROW: ChainedFields = {
  chain_seq: 7,
  account_id: 3,
  operation_id: 41,
  trx: '0f9c2a4e-kat',
  kind: 'deposit',
  tx_type: null,
  line: 'entries',
  device_id: 12,
  place: 2,
  user_id: 5,
  amount_cents: 25_00,
  balance_after_cents: 75_00,
  created_at_ms: 1_790_000_000_000,
};

describe('known answers', () => {
  it('the chain hash of a fixed row: SHA-256 of the previous hash, a newline and the fields in order', () => {
    const expected = 'd933ec356b35d58eb0dc24a170b26a0b9924056bbe024375d56fe1e0ea6cb2da';
    expect(chainHash(GENESIS_HASH, KAT_ROW)).toBe(expected);
    // The encoding spelled out, so the literal above is the documented one and not only the code's.
    const text = `${'0'.repeat(64)}\n[7,3,41,"0f9c2a4e-kat","deposit",null,"entries",12,2,5,2500,7500,1790000000000]`;
    expect(createHash('sha256').update(text).digest('hex')).toBe(expected);
    // Absent fields hash as null, and the previous hash is part of it.
    expect(
      chainHash('a'.repeat(64), {
        ...KAT_ROW,
        kind: 'device_event',
        tx_type: 4,
        line: 'game',
        device_id: null,
        place: null,
        user_id: null,
        balance_after_cents: null,
      }),
    ).toBe('d2dfb3a8d907bbce0f2a2084c954b534e1b29b04210cf5a447d100766aaf392d');
  });

  it('the stored request hash: SHA-256 of the request as JSON, base64url', () => {
    expect(requestHash(['float', 3, -12_50, 'till count'])).toBe(
      'x-1tySRMQocSGIkGJhvc5w7UD8C05XydmyBeuKW5jtg',
    );
    expect(createHash('sha256').update('["float",3,-1250,"till count"]').digest('base64url')).toBe(
      'x-1tySRMQocSGIkGJhvc5w7UD8C05XydmyBeuKW5jtg',
    );
  });
});

describe.each(testDatabases)('what the hashes cover on $name', (database) => {
  let db: Db;
  beforeEach(async () => {
    db = await database.open({ poolSize: 10 });
  });
  afterEach(() => db.close());

  it("stores a cash call's request hash over device, place, delta, remote and the cash-out flag (HTTP)", async () => {
    const server = await startTestServer(db);
    try {
      const venue = await createVenue(db, { float: 1_000_00 });
      const device = await createLinkedDevice(db, { account_id: venue.id, places: 2 });
      // The literals below are of device 1: a fresh database's first device.
      expect(device.id).toBe(1);
      const { client } = await cashierClient(server, db, venue.id);
      const stored = async (trx: string) =>
        (
          await db.kysely
            .selectFrom('operations')
            .select('request_hash')
            .where('trx', '=', trx)
            .executeTakeFirstOrThrow()
        ).request_hash;
      const call = (body: Record<string, unknown>) =>
        client.post(`/a/cashier/devices/${device.id}/place/2/update`, body);
      const deposit = randomUUID();
      expect((await call({ delta: 100_00, trx: deposit })).status).toBe(200);
      expect(await stored(deposit)).toBe(requestHash(['cash', 1, 2, 100_00, false]));
      const withdraw = randomUUID();
      expect((await call({ delta: -30_00, trx: withdraw })).status).toBe(200);
      expect(await stored(withdraw)).toBe('yuCDjMuwFOBp2nTJPi2b4jr6dckHsOs3cESIfpzl44s');
      const cashOut = randomUUID();
      expect((await call({ delta: -30_00, trx: cashOut, cash_out: true })).status).toBe(200);
      expect(await stored(cashOut)).toBe('ZwZwIb8A9vUd3jfE70NOL-lSC211P-rzdjpK0pEEwLQ');
      // The flag changes what the call does, so the same trx with it is another request: a conflict.
      const flagged = await call({ delta: -30_00, trx: withdraw, cash_out: true });
      expect(flagged.status).toBe(422);
    } finally {
      await server.close();
    }
  });

  it('refuses the same trx with only its device, or only its remote flag, changed: 422 trx conflict, nothing moves (HTTP)', async () => {
    const server = await startTestServer(db, { config: { enrollmentOpen: true } });
    try {
      const venue = await createVenue(db, { float: 1_000_00 });
      const { client } = await cashierClient(server, db, venue.id);
      const first = await createLinkedDevice(db, { account_id: venue.id, places: 2 });
      const second = await createLinkedDevice(db, { account_id: venue.id, places: 2 });
      const phone = await linkRemote(server, client);
      const conflict = { status: 422, body: { err: ERR.trxConflict } };
      const entries = () =>
        db.kysely
          .selectFrom('places')
          .select(['device_id', 'place', 'entries_cents'])
          .orderBy('device_id')
          .orderBy('place')
          .execute();
      const float = async () =>
        (await client.get<{ balance: number }>('/a/cashier/account_balance')).body.balance;
      const records = async (trx: string) =>
        (await db.kysely.selectFrom('operations').select('id').where('trx', '=', trx).execute()).length;

      const onCabinet = randomUUID();
      expect((await cash(client, first.id, 1, 40_00, onCabinet)).status).toBe(200);
      const onPhone = randomUUID();
      expect((await remoteCash(client, phone, 25_00, onPhone)).status).toBe(200);
      const seats = await entries();
      const till = await float();

      // The same deposit on another cabinet: another request.
      expect(answer(await cash(client, second.id, 1, 40_00, onCabinet))).toEqual(conflict);
      // The phone's deposit sent as a cabinet's call (no PIN), and the cabinet's as a phone's (a PIN):
      // the same device, place and delta, only the remote flag changed.
      expect(answer(await cash(client, phone.id, 1, 25_00, onPhone))).toEqual(conflict);
      const asPhone = await client.post(`/a/cashier/devices/remote/${first.id}/place/1/update`, {
        delta: 40_00,
        trx: onCabinet,
        pin_code: phone.pin,
      });
      expect(answer(asPhone)).toEqual(conflict);
      expect(await entries()).toEqual(seats);
      expect(await float()).toBe(till);
      expect([await records(onCabinet), await records(onPhone)]).toEqual([1, 1]);
    } finally {
      await server.close();
    }
  });

  it("stores a correction's request hash over the operation it corrects and the reason (HTTP)", async () => {
    const server = await startTestServer(db);
    try {
      const venue = await createVenue(db, { float: 1_000_00 });
      const device = await createLinkedDevice(db, { account_id: venue.id, places: 2 });
      const { client } = await cashierClient(server, db, venue.id);
      const manager = await clientForUser(
        server,
        await createTestUser(db, { account_id: venue.id, role: 'manager' }),
      );
      const deposit = randomUUID();
      const other = randomUUID();
      expect((await cash(client, device.id, 1, 30_00, deposit)).status).toBe(200);
      expect((await cash(client, device.id, 2, 20_00, other)).status).toBe(200);
      const idOf = async (trx: string) =>
        Number(
          (
            await db.kysely
              .selectFrom('operations')
              .select('id')
              .where('trx', '=', trx)
              .executeTakeFirstOrThrow()
          ).id,
        );
      // The literal below is of operation 2: a fresh database's first after the venue's funding.
      expect(await idOf(deposit)).toBe(2);
      const correctionTrx = randomUUID();
      const correct = (trx: string, reason: string) =>
        manager.post(`/a/manager/account/${venue.id}/corrections`, {
          trx,
          correction_trx: correctionTrx,
          reason,
        });
      expect((await correct(deposit, 'keyed twice')).status).toBe(200);
      const stored = await db.kysely
        .selectFrom('operations')
        .select('request_hash')
        .where('trx', '=', correctionTrx)
        .executeTakeFirstOrThrow();
      expect(stored.request_hash).toBe('eliZ58AL9XcIs6OX0lj3Ym5HCMw36vQG0pKSLv53SH8');
      expect(requestHash(['correction', 2, 'keyed twice'])).toBe(stored.request_hash);
      expect(createHash('sha256').update('["correction",2,"keyed twice"]').digest('base64url')).toBe(
        stored.request_hash,
      );
      const seats = await db.kysely
        .selectFrom('places')
        .select(['place', 'entries_cents'])
        .where('device_id', '=', device.id)
        .orderBy('place')
        .execute();
      // The same correction trx with another reason, or naming another operation: another request.
      const conflict = { status: 422, body: { err: ERR.trxConflict } };
      expect(answer(await correct(deposit, 'keyed three times'))).toEqual(conflict);
      expect(answer(await correct(other, 'keyed twice'))).toEqual(conflict);
      const after = await db.kysely
        .selectFrom('places')
        .select(['place', 'entries_cents'])
        .where('device_id', '=', device.id)
        .orderBy('place')
        .execute();
      expect(after).toEqual(seats);
      // The replay itself answers as before: the conflict is the request's, not the trx's.
      expect((await correct(deposit, 'keyed twice')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  /** A venue with a cashier, two cabinets and a few cash calls: rows to tamper with. */
  async function busyVenue() {
    const ledger = new LedgerService(db);
    const venue = await createVenue(db, { float: 1_000_00 });
    const user = await createTestUser(db, { account_id: venue.id });
    const other = await createTestUser(db, { account_id: venue.id });
    const device = await createLinkedDevice(db, { account_id: venue.id, places: 3 });
    const spare = await createLinkedDevice(db, { account_id: venue.id, places: 3 });
    for (const delta of [40_00, 25_00, -10_00]) {
      const outcome = await ledger.changePlaceCash({
        account_id: venue.id,
        user_id: user.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place: 1,
        delta_cents: delta,
        trx: randomUUID(),
        remote_pin: null,
      });
      expect(outcome.status).toBe(200);
    }
    await sealAllVenues(db);
    const rows = await chainRowsOf(db, venue.id);
    return { venue, other, spare, rows };
  }

  const behindTheBack = (statement: string) => behindTheBackSql(db, statement);

  // Every field chainHash covers (ChainedFields), each changed alone in the database: the row's place on
  // its seal, everything else on the row.
  type Tampered = Awaited<ReturnType<typeof busyVenue>> & { elsewhere: number };
  const TAMPERS: Record<keyof ChainedFields, (t: Tampered) => string> = {
    chain_seq: () => 'chain_seq = chain_seq + 1000',
    account_id: (t) => `account_id = ${t.elsewhere}`,
    operation_id: (t) => `operation_id = ${t.rows[0]!.operation_id}`,
    trx: () => `trx = 'forged'`,
    kind: () => `kind = 'withdraw'`,
    tx_type: () => 'tx_type = coalesce(tx_type, 0) + 1',
    line: () => `line = 'final_bonus'`,
    device_id: (t) => `device_id = ${t.spare.id}`,
    place: () => 'place = place + 1',
    user_id: (t) => `user_id = ${t.other.id}`,
    amount_cents: () => 'amount_cents = amount_cents + 1',
    balance_after_cents: () => 'balance_after_cents = balance_after_cents + 1',
    created_at_ms: () => 'created_at_ms = created_at_ms + 1',
  };

  it.each(Object.keys(TAMPERS) as (keyof ChainedFields)[])(
    'names a ledger row whose %s was changed in the database',
    async (field) => {
      // Another venue for the row to be moved to, with a chain of its own that is empty.
      const t = { ...(await busyVenue()), elsewhere: (await createVenue(db)).id };
      // The second deposit's entries row: a place row in the middle of the chain.
      const victim = t.rows.find((r) => r.line === 'entries' && Number(r.chain_seq) > 2)!;
      const seq = Number(victim.chain_seq);
      await behindTheBack(
        field === 'chain_seq'
          ? `update ledger_seals set ${TAMPERS[field](t)} where entry_id = ${victim.id}`
          : `update ledger_entries set ${TAMPERS[field](t)} where id = ${victim.id}`,
      );
      const chain = (await verifyLedger(db)).filter((m) => m.kind === 'chain');
      // The chain breaks at the row's place; a place left empty is named by the row now next on it.
      const next = t.rows.find((r) => Number(r.chain_seq) === seq + 1)!;
      const named = field === 'chain_seq' ? next.id : victim.id;
      expect(chain).toContainEqual({
        kind: 'chain',
        account_id: t.venue.id,
        chain_seq: seq,
        entry_id: named,
      });
      const cli = await runCliCaptured(db, ['verify']);
      expect(cli.code).toBe(1);
      expect(cli.out).toContain(
        `hash chain of account ${t.venue.id}: broken at entry ${named} (place ${seq} `,
      );
    },
  );

  const links = async () =>
    (await verifyLedger(db)).filter((m): m is Extract<Mismatch, { kind: 'link' }> => m.kind === 'link');

  it('names a ledger row whose operation record was moved to another venue or given another trx', async () => {
    const t = await busyVenue();
    const elsewhere = await createVenue(db);
    expect(await links()).toEqual([]);
    const [first, second] = [...new Set(t.rows.map((r) => Number(r.operation_id)))];
    // `operations` is not append-only (its answer is stored by an update): someone with database access
    // can move a record without touching the chain.
    await db.kysely
      .updateTable('operations')
      .set({ account_id: elsewhere.id })
      .where('id', '=', first!)
      .execute();
    await db.kysely.updateTable('operations').set({ trx: 'renamed' }).where('id', '=', second!).execute();
    const found = await links();
    const problems = (id: number) => found.filter((m) => m.operation_id === id).map((m) => m.problem);
    expect(problems(first!).length).toBeGreaterThan(0);
    expect(new Set(problems(first!))).toEqual(new Set(['entry_operation_venue']));
    expect(new Set(problems(second!))).toEqual(new Set(['entry_operation_trx']));
    const cli = await runCliCaptured(db, ['verify']);
    expect(cli.code).toBe(1);
    expect(cli.out).toContain(`(operation ${first}, trx `);
    expect(cli.out).toContain('its operation belongs to another venue');
    expect(cli.out).toContain('its operation has another trx');
  });

  it("names a correction whose original is of another venue, an approved approval without its operation, and a person's float move without its audit entry", async () => {
    const t = await busyVenue();
    const elsewhere = await createVenue(db);
    const manager = await createTestUser(db, { account_id: t.venue.id, role: 'manager' });
    const operation = (values: { trx: string; kind: string; corrects?: number; user_id?: number }) =>
      db.kysely
        .insertInto('operations')
        .values({
          scope: `user:${manager.id}`,
          trx: values.trx,
          kind: values.kind,
          request_hash: 'x',
          status_code: 200,
          response_json: '{}',
          account_id: t.venue.id,
          user_id: values.user_id ?? null,
          created_at_ms: Date.now(),
          corrects_operation_id: values.corrects ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const foreign = await db.kysely
      .insertInto('operations')
      .values({
        scope: 'operator',
        trx: 'foreign',
        kind: 'deposit',
        request_hash: 'x',
        status_code: 200,
        response_json: '{}',
        account_id: elsewhere.id,
        created_at_ms: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const correction = await operation({
      trx: 'corr',
      kind: 'deposit',
      corrects: foreign.id,
      user_id: manager.id,
    });
    const move = await operation({ trx: 'move', kind: 'float_top_up', user_id: manager.id });
    await db.kysely
      .insertInto('approvals')
      .values({
        id: 'approval-1',
        account_id: t.venue.id,
        scope: `user:${manager.id}`,
        trx: 'never-applied',
        request_hash: 'x',
        user_id: manager.id,
        device_id: t.spare.id,
        device_uuid: t.spare.uuid,
        place: 1,
        delta_cents: -5_00,
        cash_out: 0,
        amount_cents: 5_00,
        remote_pin: null,
        status: 'approved',
        created_at_ms: Date.now() - 600_000,
        decided_at_ms: Date.now() - 300_000,
        decided_by: manager.id,
        reason: null,
      })
      .execute();
    const found = await links();
    expect(found).toContainEqual(
      expect.objectContaining({ problem: 'correction_original_venue', operation_id: correction.id }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({ problem: 'approval_operation_missing', approval_id: 'approval-1' }),
    );
    // The correction has no audit entry either; the float move has none.
    expect(found).toContainEqual(
      expect.objectContaining({ problem: 'audit_missing', operation_id: correction.id }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({ problem: 'audit_missing', operation_id: move.id }),
    );
    const cli = await runCliCaptured(db, ['verify']);
    expect(cli.code).toBe(1);
    expect(cli.out).toContain('the operation it corrects belongs to another venue');
    expect(cli.out).toContain('approval approval-1 (trx never-applied)');
    expect(cli.out).toContain(
      `operation ${move.id} (trx move) of account ${t.venue.id}: no audit entry for it`,
    );
  });
});
