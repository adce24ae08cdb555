// Recomputes every balance from the ledger and lists what disagrees. An empty list means the books hold.
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import { chainHash, GENESIS_HASH } from '../db/ledger-chain.js';
import type { LedgerEntriesTable } from '../db/schema.js';

export type Mismatch =
  | { kind: 'float'; account_id: number; stored: number; ledger: number }
  | { kind: 'entries' | 'final_bonus'; device_id: number; place: number; stored: number; ledger: number }
  | { kind: 'unbalanced_operation'; operation_id: number; sum: number }
  | { kind: 'running_balance'; entry_id: number; balance_after: number; running: number }
  | { kind: 'limit'; account_id: number; balance: number; limit: number }
  /**
   * A venue's hash chain breaks at `chain_seq`: the row there (`entry_id`) was changed, or a row before it
   * removed or slipped in; `entry_id` null when the chain's rows hold but its head does not.
   */
  | { kind: 'chain'; account_id: number; chain_seq: number; entry_id: number | null };

type Scope = { accountId?: number };

/**
 * With `accountId`, only that account's books: its float, the places of its devices, and its ledger rows
 * (an operation's rows all belong to one account, so the per-operation and running sums stay whole).
 */
export async function verifyLedger(db: Db, scope: Scope = {}): Promise<Mismatch[]> {
  const checks = [
    floatMismatches,
    placeMismatches,
    unbalancedOperations,
    runningBalances,
    limitBreaches,
    chainMismatches,
  ];
  const found: Mismatch[] = [];
  for (const check of checks) found.push(...(await check(db.kysely, scope)));
  return found;
}

type Check = (k: Db['kysely'], scope: Scope) => Promise<Mismatch[]>;

/** `and <column> = <account id>` when the check is scoped to one account. */
function onAccount(scope: Scope, column: string) {
  return scope.accountId === undefined ? sql`` : sql`and ${sql.ref(column)} = ${scope.accountId}`;
}

/** A float whose stored balance is not the sum of its float rows. */
const floatMismatches: Check = async (k, scope) => {
  const floats = await sql<{ id: number; stored: number; ledger: number }>`
    select a.id, a.balance_cents as stored, coalesce(sum(l.amount_cents), 0) as ledger
    from accounts a left join ledger_entries l on l.account_id = a.id and l.line = 'float'
    where 1 = 1 ${onAccount(scope, 'a.id')}
    group by a.id, a.balance_cents
    having a.balance_cents <> coalesce(sum(l.amount_cents), 0)`.execute(k);
  return floats.rows.map((r) => ({
    kind: 'float' as const,
    account_id: num(r.id),
    stored: num(r.stored),
    ledger: num(r.ledger),
  }));
};

/** A place whose stored entries or final bonus is not the sum of its rows on that line. */
const placeMismatches: Check = async (k, scope) => {
  const id = scope.accountId;
  const found: Mismatch[] = [];
  for (const line of ['entries', 'final_bonus'] as const) {
    const column = line === 'entries' ? sql.ref('p.entries_cents') : sql.ref('p.final_bonus_cents');
    const places = await sql<{ device_id: number; place: number; stored: number; ledger: number }>`
      select p.device_id, p.place, ${column} as stored, coalesce(sum(l.amount_cents), 0) as ledger
      from places p left join ledger_entries l
        on l.device_id = p.device_id and l.place = p.place and l.line = ${line}
      where 1 = 1 ${id === undefined ? sql`` : sql`and p.device_id in (select d.id from devices d where d.account_id = ${id})`}
      group by p.device_id, p.place, ${column}
      having ${column} <> coalesce(sum(l.amount_cents), 0)`.execute(k);
    for (const r of places.rows) {
      found.push({
        kind: line,
        device_id: num(r.device_id),
        place: num(r.place),
        stored: num(r.stored),
        ledger: num(r.ledger),
      });
    }
  }
  return found;
};

/** An operation whose rows do not sum to zero. */
const unbalancedOperations: Check = async (k, scope) => {
  const unbalanced = await sql<{ operation_id: number; total: number }>`
    select operation_id, sum(amount_cents) as total from ledger_entries
    where 1 = 1 ${onAccount(scope, 'account_id')}
    group by operation_id having sum(amount_cents) <> 0`.execute(k);
  return unbalanced.rows.map((r) => ({
    kind: 'unbalanced_operation' as const,
    operation_id: num(r.operation_id),
    sum: num(r.total),
  }));
};

/** A row whose balance after is not the running sum of its line up to it. */
const runningBalances: Check = async (k, scope) => {
  const running = await sql<{ id: number; balance_after_cents: number; running: number }>`
    select id, balance_after_cents, running from (
      select id, balance_after_cents,
        sum(amount_cents) over (
          partition by line, account_id,
            case when line = 'float' then null else device_id end,
            case when line = 'float' then null else place end
          order by id rows unbounded preceding
        ) as running
      from ledger_entries where line in ('float', 'entries', 'final_bonus') ${onAccount(scope, 'account_id')}
    ) t where balance_after_cents <> running`.execute(k);
  return running.rows.map((r) => ({
    kind: 'running_balance' as const,
    entry_id: num(r.id),
    balance_after: num(r.balance_after_cents),
    running: num(r.running),
  }));
};

/** A float below minus its limit. */
const limitBreaches: Check = async (k, scope) => {
  const limits = await sql<{ id: number; balance_cents: number; lim: number }>`
    select id, balance_cents, case when has_overdraft = 1 then overdraft_cents else 0 end as lim
    from accounts where balance_cents < -(case when has_overdraft = 1 then overdraft_cents else 0 end)
      ${onAccount(scope, 'id')}`.execute(k);
  return limits.rows.map((r) => ({
    kind: 'limit' as const,
    account_id: num(r.id),
    balance: num(r.balance_cents),
    limit: num(r.lim),
  }));
};

/** Rows a chain walk reads at a time. */
const CHAIN_PAGE_ROWS = 5_000;

/**
 * Walks every venue's hash chain (db/ledger-chain.ts) in order and names the first row of each that
 * breaks it: a place out of sequence (a row removed or slipped in) or a hash that is not the one its
 * fields and the previous hash give (a row changed). Then each head must be the chain's last row.
 */
const chainMismatches: Check = async (k, scope) => {
  const found: Mismatch[] = [];
  const last = new Map<number, ChainWalk>();
  // Venue by venue, each in chain order by the unique index on (account_id, chain_seq), a page at a time.
  const accounts = await k
    .selectFrom('ledger_entries')
    .select('account_id')
    .distinct()
    .$if(scope.accountId !== undefined, (q) => q.where('account_id', '=', scope.accountId!))
    .execute();
  for (const { account_id } of accounts) {
    let afterSeq = 0;
    for (;;) {
      const page = await k
        .selectFrom('ledger_entries')
        .selectAll()
        .where('account_id', '=', account_id)
        .where('chain_seq', '>', afterSeq)
        .orderBy('chain_seq')
        .limit(CHAIN_PAGE_ROWS)
        .execute();
      for (const row of page) walkChain(row, last, found);
      if (page.length < CHAIN_PAGE_ROWS || last.get(num(account_id))?.broken) break;
      afterSeq = num(page[page.length - 1]!.chain_seq);
    }
  }
  const heads = await k
    .selectFrom('ledger_chain_heads')
    .select(['account_id', 'entries', 'hash'])
    .$if(scope.accountId !== undefined, (q) => q.where('account_id', '=', scope.accountId!))
    .execute();
  for (const head of heads) {
    const accountId = num(head.account_id);
    const chain = last.get(accountId) ?? { seq: 0, hash: GENESIS_HASH, broken: false };
    if (chain.broken) continue;
    if (num(head.entries) !== chain.seq || head.hash !== chain.hash) {
      found.push({ kind: 'chain', account_id: accountId, chain_seq: chain.seq + 1, entry_id: null });
    }
  }
  return found;
};

interface ChainWalk {
  seq: number;
  hash: string;
  broken: boolean;
}

/** One row of a chain walk: on its chain, or the first that breaks it (the rest of its chain is skipped). */
function walkChain(
  row: Selectable<LedgerEntriesTable>,
  chains: Map<number, ChainWalk>,
  found: Mismatch[],
): void {
  const accountId = num(row.account_id);
  const seq = num(row.chain_seq);
  const chain = chains.get(accountId) ?? { seq: 0, hash: GENESIS_HASH, broken: false };
  chains.set(accountId, chain);
  if (chain.broken) return;
  // As written (ledger/batch-write.ts): PostgreSQL's bigint columns come back as numbers here too.
  const fields = {
    ...row,
    account_id: accountId,
    chain_seq: seq,
    operation_id: num(row.operation_id),
    amount_cents: num(row.amount_cents),
    balance_after_cents: row.balance_after_cents === null ? null : num(row.balance_after_cents),
    created_at_ms: num(row.created_at_ms),
    tx_type: row.tx_type === null ? null : num(row.tx_type),
    device_id: row.device_id === null ? null : num(row.device_id),
    place: row.place === null ? null : num(row.place),
    user_id: row.user_id === null ? null : num(row.user_id),
  };
  if (seq !== chain.seq + 1 || row.chain_hash !== chainHash(chain.hash, fields)) {
    chain.broken = true;
    found.push({ kind: 'chain', account_id: accountId, chain_seq: chain.seq + 1, entry_id: num(row.id) });
    return;
  }
  chain.seq = seq;
  chain.hash = row.chain_hash;
}

/** Aggregates come back as number (SQLite) or as parsed int8 (PostgreSQL); both must be safe integers. */
function num(value: number | string | bigint): number {
  const n = Number(value);
  // Stryker disable next-line ConditionalExpression,StringLiteral: safe-sums
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${String(value)}`);
  return n;
}
