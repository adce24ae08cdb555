// What must hold after a torture run, read from the database against the workload's journal. Each check
// returns the problems it finds as sentences; an empty list means no cent was lost or made up.
import { isDeepStrictEqual } from 'node:util';
import { gamingDayBounds, TX_TYPE } from '@cashdesk/contract';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { isAcknowledged, isTrxConflict, type Journal, type Payload } from './workload.js';

/** The three stored balances, summed over the whole database. */
export interface Balances {
  float: number;
  entries: number;
  final_bonus: number;
}

export async function totalBalances(db: Db): Promise<Balances> {
  const k = db.kysely;
  const float = await k
    .selectFrom('accounts')
    .select((eb) => eb.fn.sum<number>('balance_cents').as('s'))
    .executeTakeFirst();
  const places = await k
    .selectFrom('places')
    .select((eb) => [
      eb.fn.sum<number>('entries_cents').as('e'),
      eb.fn.sum<number>('final_bonus_cents').as('b'),
    ])
    .executeTakeFirst();
  return {
    float: Number(float?.s ?? 0),
    entries: Number(places?.e ?? 0),
    final_bonus: Number(places?.b ?? 0),
  };
}

export interface RunSummary {
  trx: number;
  acknowledged: number;
  /** The client never saw an answer, but the server had committed it (a retry found it, or the check). */
  committedUnacknowledged: number;
  /** The client never saw an answer and nothing was written: as the contract says, no trace. */
  absent: number;
  conflictsRefused: number;
  moneyRefusals: number;
  /** Transfers of a player's money between seats that moved it, and cash calls applied for a player. */
  transfers: number;
  playerCalls: number;
}

export async function checkInvariants(
  db: Db,
  journal: Journal,
  start: Balances,
): Promise<{ problems: string[]; summary: RunSummary }> {
  const problems: string[] = [...journal.unexpected.map((u) => `unexpected answer: ${u}`)];
  const summary: RunSummary = {
    trx: journal.records.length,
    acknowledged: 0,
    committedUnacknowledged: 0,
    absent: 0,
    conflictsRefused: 0,
    moneyRefusals: 0,
    transfers: 0,
    playerCalls: 0,
  };

  const operations = await db.kysely
    .selectFrom('operations')
    .select(['id', 'scope', 'trx', 'kind', 'status_code', 'response_json'])
    .execute();
  const opsByKey = new Map<string, (typeof operations)[number][]>();
  for (const op of operations) {
    const key = `${op.scope}|${op.trx}`;
    opsByKey.set(key, [...(opsByKey.get(key) ?? []), op]);
  }
  const movements = await sql<{ operation_id: number; line: string; total: number }>`
    select operation_id, line, sum(amount_cents) as total from ledger_entries group by operation_id, line`.execute(
    db.kysely,
  );
  const linesByOp = new Map<number, Map<string, number>>();
  for (const m of movements.rows) {
    const lines = linesByOp.get(Number(m.operation_id)) ?? new Map<string, number>();
    lines.set(m.line, Number(m.total));
    linesByOp.set(Number(m.operation_id), lines);
  }

  const transferRows = new Map<number, { device_id: number; place: number; amount: number }[]>();
  const transfers = await db.kysely
    .selectFrom('ledger_entries')
    .select(['operation_id', 'device_id', 'place', 'amount_cents'])
    .where('kind', '=', 'transfer')
    .execute();
  for (const r of transfers) {
    const rows = transferRows.get(Number(r.operation_id)) ?? [];
    rows.push({ device_id: Number(r.device_id), place: Number(r.place), amount: Number(r.amount_cents) });
    transferRows.set(Number(r.operation_id), rows);
  }

  // ---- every trx the clients sent -------------------------------------------------------------------
  const journaled = new Set<string>();
  let floatFromJournal = 0;
  let entriesFromJournal = 0;
  for (const record of journal.records) {
    const key = `${record.scope}|${record.trx}`;
    journaled.add(key);
    const ops = opsByKey.get(key) ?? [];
    const label = `${record.kind} ${record.trx} (${record.pattern})`;
    if (ops.length > 1) problems.push(`${label} is in the operations ${ops.length} times`);
    const op = ops[0];
    const acked = record.attempts.filter(isAcknowledged);
    const conflicts = record.attempts.filter(isTrxConflict);
    summary.conflictsRefused += conflicts.length;

    if (acked.length > 0) {
      summary.acknowledged += 1;
      const first = acked[0]!;
      if (acked.some((a) => a.payload !== first.payload)) {
        problems.push(`${label}: two different payloads were both acknowledged`);
      }
      if (acked.some((a) => a.status !== first.status || !isDeepStrictEqual(a.body, first.body))) {
        problems.push(
          `${label}: its attempts got different answers: ${JSON.stringify(acked.map((a) => [a.status, a.body]))}`,
        );
      }
      if (!op) {
        problems.push(`${label} was acknowledged with ${first.status} but is not in the database`);
        continue;
      }
      const stored = op.response_json === null ? null : (JSON.parse(op.response_json) as unknown);
      if (op.status_code !== first.status || !isDeepStrictEqual(stored, storedPartOf(first.body))) {
        problems.push(
          `${label}: the client got ${first.status} ${JSON.stringify(first.body)}, the database holds ${op.status_code} ${op.response_json}`,
        );
      }
    } else if (op) {
      summary.committedUnacknowledged += 1;
    } else {
      summary.absent += 1;
      if (conflicts.length > 0)
        problems.push(`${label}: answered trx conflict, but no operation holds the trx`);
      continue;
    }
    if (!op) continue;
    if (op.status_code === null || op.response_json === null) {
      problems.push(`${label}: operation ${op.id} has no stored answer (half-written)`);
      continue;
    }

    const lines = linesByOp.get(op.id) ?? new Map<string, number>();
    if (op.status_code !== 200) {
      summary.moneyRefusals += 1;
      if (lines.size > 0) problems.push(`${label}: refused with ${op.status_code}, yet it has ledger rows`);
      continue;
    }
    // Which of the trx's payloads did the server apply? Its ledger rows say, by the entries they moved;
    // a transfer's sum to 0, so its stored answer's amount says (and its rows are checked seat by seat).
    const entriesMoved = lines.get('entries') ?? 0;
    const applied =
      record.kind === 'transfer'
        ? appliedTransfer(record.payloads, op.response_json, transferRows.get(op.id) ?? [])
        : record.payloads.findIndex((p) => entriesEffect(p) === entriesMoved);
    if (applied === -1) {
      problems.push(
        `${label}: its ledger rows moved ${entriesMoved} entries, which none of its payloads asks for`,
      );
      continue;
    }
    if (acked.length > 0 && acked[0]!.payload !== applied) {
      problems.push(`${label}: payload ${acked[0]!.payload} was acknowledged, payload ${applied} applied`);
    }
    if (conflicts.some((c) => c.payload === applied)) {
      problems.push(`${label}: the applied payload was itself refused as a trx conflict`);
    }
    const payload = record.payloads[applied]!;
    if (payload.op === 'transfer') summary.transfers += 1;
    if (payload.op === 'cash' && payload.playerId !== undefined) summary.playerCalls += 1;
    const floatMoved = lines.get('float') ?? 0;
    const expectedFloat = payload.op === 'cash' ? -payload.delta : 0;
    if (floatMoved !== expectedFloat) {
      problems.push(`${label}: moved ${floatMoved} on the float instead of ${expectedFloat}`);
    }
    floatFromJournal += expectedFloat;
    entriesFromJournal += entriesMoved;
  }

  // ---- the database as a whole ----------------------------------------------------------------------
  const clientKinds = new Set(['deposit', 'withdraw', 'device_event', 'transfer']);
  for (const op of operations) {
    if (op.status_code === null || op.response_json === null) {
      problems.push(`operation ${op.id} (${op.kind} ${op.trx}) has no stored answer (half-written)`);
    }
    if (clientKinds.has(op.kind) && !journaled.has(`${op.scope}|${op.trx}`)) {
      problems.push(`operation ${op.id} (${op.kind} ${op.trx}) was never sent by a client`);
    }
  }

  for (const mismatch of await verifyLedger(db)) problems.push(`verify: ${JSON.stringify(mismatch)}`);

  const lows = await sql<{ line: string; low: number; lim: number }>`
    select l.line, min(l.balance_after_cents) as low,
      max(case when l.line = 'float' and a.has_overdraft = 1 then a.overdraft_cents else 0 end) as lim
    from ledger_entries l join accounts a on a.id = l.account_id
    where l.line in ('float', 'entries', 'final_bonus')
    group by l.line, l.account_id`.execute(db.kysely);
  for (const low of lows.rows) {
    if (Number(low.low) < -Number(low.lim)) {
      problems.push(`the ${low.line} line went down to ${low.low}, below its limit -${low.lim}`);
    }
  }
  const negativePlaces = await db.kysely
    .selectFrom('places')
    .select(['device_id', 'place', 'entries_cents', 'final_bonus_cents'])
    .where((eb) => eb.or([eb('entries_cents', '<', 0), eb('final_bonus_cents', '<', 0)]))
    .execute();
  for (const p of negativePlaces)
    problems.push(`place ${p.device_id}/${p.place} is below 0: ${JSON.stringify(p)}`);

  problems.push(...(await playerProblems(db)));

  const end = await totalBalances(db);
  const total = await sql<{
    total: number | null;
  }>`select sum(amount_cents) as total from ledger_entries`.execute(db.kysely);
  if (Number(total.rows[0]?.total ?? 0) !== 0) {
    problems.push(`all ledger movements sum to ${total.rows[0]?.total}, not 0 (money was made or lost)`);
  }
  if (end.float - start.float !== floatFromJournal) {
    problems.push(
      `the float changed by ${end.float - start.float}, the applied cash calls say ${floatFromJournal}`,
    );
  }
  if (end.entries - start.entries !== entriesFromJournal) {
    problems.push(
      `the entries changed by ${end.entries - start.entries}, the applied calls say ${entriesFromJournal}`,
    );
  }
  return { problems, summary };
}

/**
 * The payload a transfer applied: the one whose amount its stored answer names, and whose seats its rows
 * moved (the seat left down by the amount, the seat reached up by it); -1 for none.
 */
function appliedTransfer(
  payloads: readonly Payload[],
  responseJson: string,
  rows: readonly { device_id: number; place: number; amount: number }[],
): number {
  const answered = (JSON.parse(responseJson) as { amount?: unknown }).amount;
  return payloads.findIndex((p) => {
    if (p.op !== 'transfer' || p.amount !== answered || rows.length !== 2) return false;
    const on = (deviceId: number, place: number) =>
      rows.find((r) => r.device_id === deviceId && r.place === place)?.amount;
    return on(p.from.deviceId, p.from.place) === -p.amount && on(p.to.deviceId, p.to.place) === p.amount;
  });
}

/**
 * Each player's day's sums as the ledger kept them under the player's lock: equal to what their cash
 * calls' ledger rows moved in that gaming day, and a cash in never past their own limit.
 */
async function playerProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const players = await db.kysely
    .selectFrom('players')
    .innerJoin('accounts', 'accounts.id', 'players.account_id')
    .select([
      'players.id',
      'players.day',
      'players.day_cash_in_cents',
      'players.day_cash_out_cents',
      'players.daily_limit_cents',
      'accounts.time_zone',
      'accounts.day_starts_at',
    ])
    .execute();
  for (const p of players) {
    if (p.day === '') continue;
    const { fromMs, toMs } = gamingDayBounds(p.day, p);
    const sums = await sql<{ cash_in: number | null; cash_out: number | null }>`
      select sum(case when l.amount_cents > 0 then l.amount_cents else 0 end) as cash_in,
        sum(case when l.amount_cents < 0 then -l.amount_cents else 0 end) as cash_out
      from operations o join ledger_entries l on l.operation_id = o.id
      where o.player_id = ${p.id} and o.kind in ('deposit', 'withdraw') and l.line = 'entries'
        and o.created_at_ms >= ${fromMs} and o.created_at_ms < ${toMs}`.execute(db.kysely);
    const ledger = { in: Number(sums.rows[0]?.cash_in ?? 0), out: Number(sums.rows[0]?.cash_out ?? 0) };
    const kept = { in: Number(p.day_cash_in_cents), out: Number(p.day_cash_out_cents) };
    if (ledger.in !== kept.in || ledger.out !== kept.out) {
      problems.push(
        `player ${p.id}: the day's sums kept ${JSON.stringify(kept)}, the ledger says ${JSON.stringify(ledger)}`,
      );
    }
    const limit = p.daily_limit_cents === null ? null : Number(p.daily_limit_cents);
    if (limit !== null && kept.in > limit) {
      problems.push(`player ${p.id}: cash in ${kept.in} is past their daily limit ${limit}`);
    }
  }
  return problems;
}

/** What a payload, once applied, moves on the place's entries line. */
function entriesEffect(payload: Payload): number {
  if (payload.op === 'cash') return payload.delta;
  if (payload.op === 'transfer') return 0;
  switch (payload.type) {
    case TX_TYPE.pay:
    case TX_TYPE.luckyBet:
      return -payload.amount;
    default:
      return payload.amount;
  }
}

/**
 * What of a cash answer the database keeps: the receipt's venue and number are read after the ledger
 * answers (cash/receipt.ts), never stored, so they are left out of the comparison.
 */
function storedPartOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { venue: _venue, receipt_no: _receiptNo, ...stored } = body as Record<string, unknown>;
  return stored;
}
