// The hash chain of a venue's ledger (issue 29, item 3): each ledger row carries its place in its venue's
// chain (`chain_seq`, 1, 2, 3 ...) and a SHA-256 over the previous row's hash and its own fields
// (`chain_hash`), so a row changed, removed or slipped in behind the application's back breaks every hash
// after it. The head of each chain (`ledger_chain_heads`: how many rows, the last hash) is locked by every
// batch that writes the venue's rows, last in the batch's lock order (ledger/batch-read.ts), and moved on in
// the same transaction (ledger/batch-write.ts). `chainMismatches` (ledger/verify.ts) walks every chain
// again. Here, beside the schema, because the encoding is part of what is stored: the migration that
// chained the rows written before it uses it too.
import { createHash } from 'node:crypto';
import type { NewLedgerEntry } from './schema.js';

/** The hash before a venue's first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** A chain's head: how many rows it holds and the last one's hash. */
export interface ChainHead {
  entries: number;
  hash: string;
}

/** A ledger row before it is put on its chain. */
export type UnchainedEntry = Omit<NewLedgerEntry, 'chain_seq' | 'chain_hash'>;

/** The fields a row's hash covers: everything it says but its database id, in this order. */
export type ChainedFields = Pick<
  UnchainedEntry,
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

/**
 * Puts `rows` (in the order they are written) on their venues' chains, starting from `heads`, and
 * returns the rows with `chain_seq` and `chain_hash` and the heads they leave. Every row's venue must
 * have its head here (locked by the batch): a missing one is a bug, never a genesis.
 */
export function chainRows(
  rows: readonly UnchainedEntry[],
  heads: ReadonlyMap<number, ChainHead>,
): { rows: NewLedgerEntry[]; heads: Map<number, ChainHead> } {
  const moved = new Map<number, ChainHead>();
  const chained = rows.map((row) => {
    const head = moved.get(row.account_id) ?? heads.get(row.account_id);
    if (!head) throw new Error(`ledger chain: no locked head for account ${row.account_id}`);
    const chain_seq = head.entries + 1;
    const chain_hash = chainHash(head.hash, { ...row, chain_seq });
    moved.set(row.account_id, { entries: chain_seq, hash: chain_hash });
    return { ...row, chain_seq, chain_hash };
  });
  return { rows: chained, heads: moved };
}
