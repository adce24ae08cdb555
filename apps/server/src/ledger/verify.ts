// Recomputes every balance from the ledger and lists what disagrees. An empty list means the books hold.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { chainedFieldsOf, chainHash, GENESIS_HASH, type StoredPosting } from '../db/ledger-chain.js';
import type { LedgerLinkProblem } from '@cashdesk/contract';

export type Mismatch =
  | { kind: 'float'; account_id: number; stored: number; ledger: number }
  | { kind: 'entries' | 'final_bonus'; device_id: number; place: number; stored: number; ledger: number }
  | { kind: 'unbalanced_operation'; operation_id: number; sum: number }
  | { kind: 'running_balance'; entry_id: number; balance_after: number; running: number }
  | { kind: 'limit'; account_id: number; balance: number; limit: number }
  /**
   * A venue's hash chain breaks at `chain_seq`: the row there (`entry_id`) was changed, or a row before it
   * removed or slipped in; `entry_id` null when the chain's rows hold but its head does not. `chain_seq`
   * 0: the row `entry_id` is of a stretch of ids the chain says it sealed, yet has no place on it (slipped
   * in behind the sealer's back).
   */
  | { kind: 'chain'; account_id: number; chain_seq: number; entry_id: number | null }
  /**
   * A venue's chain no longer extends a head kept earlier: the anchor of gaming day `day`
   * (ledger_anchors, back-office/reports/ledger-anchors.ts) or, `day` null, a head the operator passed.
   * `rewound`: the chain is shorter than `entries` now; `rewritten`: its row `entries` (`entry_id`) no
   * longer carries `hash`. Only the earliest such head of a venue is named: every later one breaks too.
   */
  | {
      kind: 'anchor';
      account_id: number;
      day: string | null;
      entries: number;
      hash: string;
      problem: 'rewound' | 'rewritten';
      chain_entries: number;
      entry_id: number | null;
    }
  /** A record the ledger links to is missing, or of another venue or trx (contract LEDGER_LINK_PROBLEMS). */
  | {
      kind: 'link';
      problem: LedgerLinkProblem;
      account_id: number | null;
      entry_id: number | null;
      operation_id: number | null;
      approval_id: string | null;
      trx: string | null;
    };

/** A venue's chain head written down outside the database (`verify --head ENTRIES:HASH`). */
export interface KeptHead {
  account_id: number;
  entries: number;
  hash: string;
}

type Scope = {
  accountId?: number;
  /** Heads kept outside the database: the chain must still extend each, like a kept anchor. */
  heads?: readonly KeptHead[];
  /** Now, for the approvals' grace (APPLY_GRACE_MS); the system clock when absent. */
  nowMs?: number;
};

/**
 * With `accountId`, only that account's books: its float, the places of its devices, and its ledger rows
 * (an operation's rows all belong to one account, so the per-operation and running sums stay whole).
 * Every check is one query or one walk over its table, whatever the ledger holds (no query per row).
 */
export async function verifyLedger(db: Db, scope: Scope = {}): Promise<Mismatch[]> {
  const checks = [
    floatMismatches,
    placeMismatches,
    unbalancedOperations,
    runningBalances,
    limitBreaches,
    chainMismatches,
    anchorMismatches,
    entryOperationMismatches,
    correctionMismatches,
    approvalMismatches,
    auditMismatches,
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
 * Walks every venue's hash chain (db/ledger-chain.ts) in order and names the first place of each that
 * breaks it: a place out of sequence (a seal removed or slipped in), a row gone or of another venue, or a
 * hash that is not the one the row's fields and the previous hash give (a row changed). Then each head
 * must be the chain's last place, and every row up to the head's `sealed_through_id` must be on it. Rows
 * after it are waiting for the sealer (ledger-sealer.ts), which is no fault.
 */
const chainMismatches: Check = async (k, scope) => {
  const found: Mismatch[] = [];
  const last = new Map<number, ChainWalk>();
  const headsNow = () =>
    k
      .selectFrom('ledger_chain_heads')
      .select(['account_id', 'entries', 'hash'])
      .$if(scope.accountId !== undefined, (q) => q.where('account_id', '=', scope.accountId!))
      .orderBy('account_id')
      .execute();
  /** Walks the venue's chain on from where it stands, in chain order by the seals' key, a page at a time. */
  const walk = async (accountId: number) => {
    for (;;) {
      const page = await k
        .selectFrom('ledger_seals as s')
        .leftJoin('ledger_entries as l', 'l.id', 's.entry_id')
        .selectAll('l')
        .select(['s.account_id as seal_account_id', 's.chain_seq', 's.chain_hash', 's.entry_id'])
        .where('s.account_id', '=', accountId)
        .where('s.chain_seq', '>', last.get(accountId)?.seq ?? 0)
        .orderBy('s.chain_seq')
        .limit(CHAIN_PAGE_ROWS)
        .execute();
      for (const row of page) walkChain(row, last, found);
      if (page.length < CHAIN_PAGE_ROWS || last.get(accountId)?.broken) return;
    }
  };
  for (const { account_id } of await headsNow()) await walk(num(account_id));
  // Read after the walk: a sealer running meanwhile has moved a head past it with seals the walk goes
  // on to read (seals and head commit together, and seals are never taken back), so a head still ahead
  // of its chain after that, or behind it, is one that does not hold.
  const heads = await headsNow();
  for (const head of heads) {
    const accountId = num(head.account_id);
    if ((last.get(accountId)?.seq ?? 0) < num(head.entries)) await walk(accountId);
    const chain = last.get(accountId) ?? { seq: 0, hash: GENESIS_HASH, broken: false };
    if (chain.broken) continue;
    if (num(head.entries) !== chain.seq || head.hash !== chain.hash) {
      found.push({ kind: 'chain', account_id: accountId, chain_seq: chain.seq + 1, entry_id: null });
    }
  }
  found.push(...(await offChainRows(k, scope)));
  return found;
};

/**
 * Rows at or below their head's `sealed_through_id` without a seal: in one statement, so the head's
 * stretch and the seals are of one moment.
 */
async function offChainRows(k: Db['kysely'], scope: Scope): Promise<Mismatch[]> {
  const rows = await k
    .selectFrom('ledger_entries as l')
    .innerJoin('ledger_chain_heads as h', 'h.account_id', 'l.account_id')
    .select(['l.id', 'l.account_id'])
    .whereRef('l.id', '<=', 'h.sealed_through_id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ledger_seals as s').select('s.entry_id').whereRef('s.entry_id', '=', 'l.id'))),
    )
    .$if(scope.accountId !== undefined, (q) => q.where('l.account_id', '=', scope.accountId!))
    .orderBy('l.id')
    .execute();
  return rows.map((row) => ({
    kind: 'chain' as const,
    account_id: num(row.account_id),
    chain_seq: 0,
    entry_id: num(row.id),
  }));
}

interface ChainWalk {
  seq: number;
  hash: string;
  broken: boolean;
}

/** A seal with the row it names (all null when the row is gone). */
type SealedRow = { [K in keyof StoredPosting]: StoredPosting[K] | null } & {
  seal_account_id: number;
  chain_seq: number;
  chain_hash: string;
  entry_id: number;
};

/** One place of a chain walk: on its chain, or the first that breaks it (the rest of its chain is skipped). */
function walkChain(row: SealedRow, chains: Map<number, ChainWalk>, found: Mismatch[]): void {
  const accountId = num(row.seal_account_id);
  const seq = num(row.chain_seq);
  const chain = chains.get(accountId) ?? { seq: 0, hash: GENESIS_HASH, broken: false };
  chains.set(accountId, chain);
  if (chain.broken) return;
  const posting = row.id === null ? null : (row as StoredPosting);
  const holds =
    posting !== null &&
    seq === chain.seq + 1 &&
    num(posting.account_id) === accountId &&
    row.chain_hash === chainHash(chain.hash, chainedFieldsOf(posting, seq));
  if (!holds) {
    chain.broken = true;
    found.push({
      kind: 'chain',
      account_id: accountId,
      chain_seq: chain.seq + 1,
      entry_id: num(row.entry_id),
    });
    return;
  }
  chain.seq = seq;
  chain.hash = row.chain_hash;
}

/**
 * Every head kept for a venue (its gaming days' anchors, and any the operator passed) must still be on its
 * chain: the row at that place carries that hash, and the chain is at least that long. The chain walk
 * above cannot see this: a chain cut back (rows removed, the head moved back) or rewritten from some row
 * on with hashes recomputed is a valid chain of its own. One query joins every anchor to its seal by the
 * seals' key (account_id, chain_seq); a passed head costs one more.
 */
const anchorMismatches: Check = async (k, scope) => {
  const kept = [...(await keptAnchors(k, scope)), ...(await keptHeads(k, scope.heads ?? []))];
  const named = new Set<number>();
  const found: Mismatch[] = [];
  // The earliest broken head of each venue bounds where the change starts; the later ones add nothing.
  // Days with one head (nothing written between them) name the earliest; a passed head comes last.
  const order = (a: KeptAt, b: KeptAt) =>
    a.account_id - b.account_id || a.entries - b.entries || (a.day ?? '~').localeCompare(b.day ?? '~');
  for (const head of kept.sort(order)) {
    if (named.has(head.account_id)) continue;
    const problem =
      head.found_hash !== null && head.found_hash !== head.hash
        ? 'rewritten'
        : head.found_hash === null || head.chain_entries < head.entries
          ? 'rewound'
          : null;
    if (problem === null) continue;
    named.add(head.account_id);
    found.push({
      kind: 'anchor',
      account_id: head.account_id,
      day: head.day,
      entries: head.entries,
      hash: head.hash,
      problem,
      chain_entries: head.chain_entries,
      entry_id: problem === 'rewritten' ? head.entry_id : null,
    });
  }
  return found;
};

/** Every anchor but the empty chain's, with the row now at its place and the chain's length. */
async function keptAnchors(k: Db['kysely'], scope: Scope): Promise<KeptAt[]> {
  const rows = await k
    .selectFrom('ledger_anchors as a')
    .leftJoin('ledger_seals as l', (j) =>
      j.onRef('l.account_id', '=', 'a.account_id').onRef('l.chain_seq', '=', 'a.entries'),
    )
    .leftJoin('ledger_chain_heads as h', 'h.account_id', 'a.account_id')
    .select([
      'a.account_id',
      'a.day',
      'a.entries',
      'a.hash',
      'l.entry_id',
      'l.chain_hash',
      'h.entries as chain_entries',
    ])
    .where('a.entries', '>', 0)
    .$if(scope.accountId !== undefined, (q) => q.where('a.account_id', '=', scope.accountId!))
    .execute();
  return rows.map((r) => ({
    account_id: num(r.account_id),
    day: r.day,
    entries: num(r.entries),
    hash: r.hash,
    entry_id: r.entry_id === null ? null : num(r.entry_id),
    found_hash: r.chain_hash,
    chain_entries: r.chain_entries === null ? 0 : num(r.chain_entries),
  }));
}

/** The heads the operator passed (a handful), each with the row now at its place. */
async function keptHeads(k: Db['kysely'], heads: readonly KeptHead[]): Promise<KeptAt[]> {
  const kept: KeptAt[] = [];
  for (const head of heads) {
    if (head.entries === 0) continue;
    const row = await k
      .selectFrom('ledger_chain_heads as h')
      .leftJoin('ledger_seals as l', (j) =>
        j.onRef('l.account_id', '=', 'h.account_id').on('l.chain_seq', '=', head.entries),
      )
      .select(['h.entries as chain_entries', 'l.entry_id', 'l.chain_hash'])
      .where('h.account_id', '=', head.account_id)
      .executeTakeFirst();
    kept.push({
      ...head,
      day: null,
      entry_id: row === undefined || row.entry_id === null ? null : num(row.entry_id),
      found_hash: row?.chain_hash ?? null,
      chain_entries: row ? num(row.chain_entries) : 0,
    });
  }
  return kept;
}

interface KeptAt {
  account_id: number;
  day: string | null;
  entries: number;
  hash: string;
  entry_id: number | null;
  /** The hash the chain's row at `entries` carries now; null when there is no such row. */
  found_hash: string | null;
  chain_entries: number;
}

/** A link problem with the fields it does not name left null. */
function link(
  problem: LedgerLinkProblem,
  fields: Partial<Omit<Extract<Mismatch, { kind: 'link' }>, 'kind' | 'problem'>>,
): Mismatch {
  return {
    kind: 'link',
    problem,
    account_id: fields.account_id ?? null,
    entry_id: fields.entry_id ?? null,
    operation_id: fields.operation_id ?? null,
    approval_id: fields.approval_id ?? null,
    trx: fields.trx ?? null,
  };
}

/**
 * Each ledger row's operation exists, is of the row's venue and has the row's trx: the chain covers the
 * row's `operation_id`, not the operation record, so a record removed or moved to another venue shows
 * here. One pass over the ledger, each row's operation found by its primary key.
 */
const entryOperationMismatches: Check = async (k, scope) => {
  const rows = await sql<{
    entry_id: number;
    account_id: number;
    operation_id: number;
    trx: string;
    found: number | null;
    op_account: number | null;
    op_trx: string | null;
  }>`
    select l.id as entry_id, l.account_id, l.operation_id, l.trx,
      o.id as found, o.account_id as op_account, o.trx as op_trx
    from ledger_entries l left join operations o on o.id = l.operation_id
    where (o.id is null or o.account_id is null or o.account_id <> l.account_id or o.trx <> l.trx)
      ${onAccount(scope, 'l.account_id')}
    order by l.id`.execute(k);
  return rows.rows.map((r) =>
    link(
      r.found === null
        ? 'entry_operation_missing'
        : r.op_account === null || num(r.op_account) !== num(r.account_id)
          ? 'entry_operation_venue'
          : 'entry_operation_trx',
      {
        account_id: num(r.account_id),
        entry_id: num(r.entry_id),
        operation_id: num(r.operation_id),
        trx: r.trx,
      },
    ),
  );
};

/** A correction's original operation exists and is of the correction's venue. */
const correctionMismatches: Check = async (k, scope) => {
  const rows = await sql<{ id: number; account_id: number | null; trx: string; found: number | null }>`
    select c.id, c.account_id, c.trx, o.id as found
    from operations c left join operations o on o.id = c.corrects_operation_id
    where c.corrects_operation_id is not null
      and (o.id is null or o.account_id is null or c.account_id is null or o.account_id <> c.account_id)
      ${onAccount(scope, 'c.account_id')}
    order by c.id`.execute(k);
  return rows.rows.map((r) =>
    link(r.found === null ? 'correction_original_missing' : 'correction_original_venue', {
      account_id: r.account_id === null ? null : num(r.account_id),
      operation_id: num(r.id),
      trx: r.trx,
    }),
  );
};

/**
 * A manager's approval commits first and the ledger applies the call in a transaction of its own just
 * after (approvals/approvals.service.ts decideAsManager): an approval decided this recently
 * may not have its operation yet without anything being wrong.
 */
const APPLY_GRACE_MS = 60_000;

/**
 * An approved approval has its operation (the cashier's call, by its scope and trx, in its venue), unless
 * the ledger's refusal of it was stored on it (`outcome_json`).
 */
const approvalMismatches: Check = async (k, scope) => {
  const settled = (scope.nowMs ?? Date.now()) - APPLY_GRACE_MS;
  const rows = await sql<{ id: string; account_id: number; trx: string }>`
    select a.id, a.account_id, a.trx from approvals a
    where a.status = 'approved' and a.outcome_json is null and a.decided_at_ms <= ${settled}
      ${onAccount(scope, 'a.account_id')}
      and not exists (
        select 1 from operations o
        where o.scope = a.scope and o.trx = a.trx and o.account_id = a.account_id
      )
    order by a.created_at_ms`.execute(k);
  return rows.rows.map((r) =>
    link('approval_operation_missing', { account_id: num(r.account_id), approval_id: r.id, trx: r.trx }),
  );
};

/**
 * An applied correction has its 'operation.correct' audit entry, and an applied float move a person made
 * (a user on the operation: the back office) its 'account.float_move' entry, under the operation's trx
 * and venue: both are written in the money's transaction (corrections.routes.ts, account-admin.ts
 * moveFloatAudited). Moves without a user (the operator CLI, the demo seed) are not held to it: the demo
 * seed moves the float without an entry. The audit log has no index on trx, so its entries of those two
 * actions are read once and joined, never looked up per operation.
 */
const auditMismatches: Check = async (k, scope) => {
  const rows = await sql<{ id: number; account_id: number | null; trx: string }>`
    select o.id, o.account_id, o.trx from operations o
    left join (
      select distinct account_id, trx, action from audit_log
      where action in ('operation.correct', 'account.float_move') and trx is not null
    ) e on e.trx = o.trx and e.account_id = o.account_id
      and e.action = case when o.corrects_operation_id is not null then 'operation.correct' else 'account.float_move' end
    where o.status_code = 200
      and (o.corrects_operation_id is not null
        or (o.kind in ('float_top_up', 'float_withdraw') and o.user_id is not null))
      and e.trx is null
      ${onAccount(scope, 'o.account_id')}
    order by o.id`.execute(k);
  return rows.rows.map((r) =>
    link('audit_missing', {
      account_id: r.account_id === null ? null : num(r.account_id),
      operation_id: num(r.id),
      trx: r.trx,
    }),
  );
};

/** Aggregates come back as number (SQLite) or as parsed int8 (PostgreSQL); both must be safe integers. */
function num(value: number | string | bigint): number {
  const n = Number(value);
  // Stryker disable next-line ConditionalExpression,StringLiteral: safe-sums
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${String(value)}`);
  return n;
}
