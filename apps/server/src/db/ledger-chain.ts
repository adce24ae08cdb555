// The hash chain of a venue's ledger (docs/money.md, "The hash chain"): each ledger row gets a place in
// its venue's chain (`chain_seq`, 1, 2, 3 ...) and a SHA-256 over the previous place's hash and the row's
// own fields (`chain_hash`), kept in the append-only `ledger_seals`, so a row changed, removed or slipped
// in behind the application's back breaks every hash after it. Rows are put on their chain after they
// commit, in id order, by the sealer (ledger/ledger-sealer.ts), never by the batch that writes them: a
// venue's batches never wait for one another. The head of each chain (`ledger_chain_heads`: how many
// places, the last hash, and the ledger id up to which the venue's rows are sealed) is moved on by the
// sealer alone. `chainMismatches` (ledger/verify.ts) walks every chain again. Here, beside the schema,
// because the encoding is part of what is stored: the migrations that chained older rows use it too.
import { createHash } from 'node:crypto';
import type { NewLedgerEntry } from './schema.js';

/** The hash before a venue's first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** A chain's head: how many rows it holds and the last one's hash. */
export interface ChainHead {
  entries: number;
  hash: string;
}

/** A ledger row as written. */
export type UnchainedPosting = NewLedgerEntry;

/** The fields a row's hash covers: everything it says but its database id, in this order. */
export type ChainedFields = Pick<
  UnchainedPosting,
  | 'operation_id'
  | 'trx'
  | 'kind'
  | 'tx_type'
  | 'line'
  | 'account_id'
  | 'device_id'
  | 'place'
  | 'user_id'
  | 'amount_cents'
  | 'balance_after_cents'
  | 'created_at_ms'
> & { chain_seq: number };

/**
 * The row's hash: SHA-256, in hex, of the previous hash, a newline, and the row's fields as a JSON array
 * in ChainedFields' order (absent fields as null). JSON of integers and strings is one text on every
 * platform, and the array keeps the order fixed whatever the row object's key order.
 */
export function chainHash(previous: string, row: ChainedFields): string {
  const fields = [
    row.chain_seq,
    row.account_id,
    row.operation_id,
    row.trx,
    row.kind,
    row.tx_type ?? null,
    row.line,
    row.device_id ?? null,
    row.place ?? null,
    row.user_id ?? null,
    row.amount_cents,
    row.balance_after_cents ?? null,
    row.created_at_ms,
  ];
  return createHash('sha256')
    .update(`${previous}\n${JSON.stringify(fields)}`)
    .digest('hex');
}

/** A stored ledger row as read back: PostgreSQL may give its bigint columns as text. */
export type StoredPosting = {
  [K in Exclude<keyof ChainedFields, 'chain_seq'>]: ChainedFields[K] | string;
} & { id: number | string };

const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** A stored row's fields at place `chain_seq`, as its hash covers them: one reading for sealer and verify. */
export function chainedFieldsOf(row: StoredPosting, chain_seq: number): ChainedFields {
  return {
    chain_seq,
    account_id: num(row.account_id),
    operation_id: num(row.operation_id),
    trx: String(row.trx),
    kind: row.kind as ChainedFields['kind'],
    tx_type: numOrNull(row.tx_type),
    line: row.line as ChainedFields['line'],
    device_id: numOrNull(row.device_id),
    place: numOrNull(row.place),
    user_id: numOrNull(row.user_id),
    amount_cents: num(row.amount_cents),
    balance_after_cents: numOrNull(row.balance_after_cents),
    created_at_ms: num(row.created_at_ms),
  };
}

/** A row's place on its chain: what `ledger_seals` keeps. */
export interface Seal {
  account_id: number;
  chain_seq: number;
  entry_id: number;
  chain_hash: string;
}

/**
 * Puts one venue's committed `rows` (in id order) on its chain after `head`, and returns their seals and
 * the head they leave.
 */
export function sealRows(
  rows: readonly StoredPosting[],
  head: ChainHead,
): { seals: Seal[]; head: ChainHead } {
  let current = head;
  const seals = rows.map((row) => {
    const chain_seq = current.entries + 1;
    const fields = chainedFieldsOf(row, chain_seq);
    const chain_hash = chainHash(current.hash, fields);
    current = { entries: chain_seq, hash: chain_hash };
    return { account_id: fields.account_id, chain_seq, entry_id: num(row.id), chain_hash };
  });
  return { seals, head: current };
}
