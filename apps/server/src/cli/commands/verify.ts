// verify: recomputes every balance from the ledger, walks every venue's hash chain, holds each chain to
// the heads kept of it (the daily anchors, and one the operator passes with --head) and checks the records
// the ledger links to; exit 1 when anything disagrees.
import { formatCents } from '@cashdesk/contract';
import { findAccount } from '../../accounts/index.js';
import { GENESIS_HASH } from '../../db/ledger-chain.js';
import { verifyLedger, type KeptHead, type Mismatch } from '../../ledger/verify.js';
import type { Command } from '../command.js';
import { CliError, EXIT, UsageError } from '../errors.js';
import { parseId } from '../values.js';

const LINKS: Record<Extract<Mismatch, { kind: 'link' }>['problem'], string> = {
  entry_operation_missing: 'its operation is missing',
  entry_operation_venue: 'its operation belongs to another venue (or none)',
  entry_operation_trx: 'its operation has another trx',
  correction_original_missing: 'the operation it corrects is missing',
  correction_original_venue: 'the operation it corrects belongs to another venue',
  approval_operation_missing: 'approved, but the ledger has no operation for it',
  audit_missing: 'no audit entry for it',
};

function describeLink(m: Extract<Mismatch, { kind: 'link' }>): string {
  const what =
    m.entry_id !== null
      ? `ledger entry ${m.entry_id} (operation ${m.operation_id}, trx ${m.trx})`
      : m.approval_id !== null
        ? `approval ${m.approval_id} (trx ${m.trx})`
        : `operation ${m.operation_id} (trx ${m.trx})`;
  return `${what} of account ${m.account_id ?? '-'}: ${LINKS[m.problem]}`;
}

function describeAnchor(m: Extract<Mismatch, { kind: 'anchor' }>): string {
  const kept = m.day === null ? 'the head given with --head' : `the head kept for gaming day ${m.day}`;
  const head = `${m.entries}:${m.hash.slice(0, 12)}…`;
  return m.problem === 'rewound'
    ? `hash chain of account ${m.account_id}: REWOUND after ${kept} (${head}): the chain holds ${m.chain_entries} entries, fewer than the ${m.entries} kept; entries were removed and the head moved back`
    : `hash chain of account ${m.account_id}: REWRITTEN up to ${kept} (${head}): entry ${m.entry_id} (place ${m.entries} in the chain) no longer carries the kept hash; the chain was rebuilt from some entry up to it`;
}

function describe(m: Mismatch): string {
  switch (m.kind) {
    case 'float':
      return `float of account ${m.account_id}: stored ${formatCents(m.stored)}, ledger says ${formatCents(m.ledger)}`;
    case 'entries':
    case 'final_bonus':
      return `${m.kind} of device ${m.device_id} place ${m.place}: stored ${formatCents(m.stored)}, ledger says ${formatCents(m.ledger)}`;
    case 'unbalanced_operation':
      return `operation ${m.operation_id}: its ledger rows sum to ${formatCents(m.sum)} instead of 0`;
    case 'running_balance':
      return `ledger entry ${m.entry_id}: balance_after ${formatCents(m.balance_after)}, running sum ${formatCents(m.running)}`;
    case 'limit':
      return `account ${m.account_id}: float ${formatCents(m.balance)} is below its limit -${formatCents(m.limit)}`;
    case 'chain':
      return m.entry_id === null
        ? `hash chain of account ${m.account_id}: its head does not match its last entry (${m.chain_seq - 1} entries)`
        : `hash chain of account ${m.account_id}: broken at entry ${m.entry_id} (place ${m.chain_seq} in the chain): changed, or an entry before it removed or added`;
    case 'anchor':
      return describeAnchor(m);
    case 'link':
      return describeLink(m);
  }
}

/** `ENTRIES:HASH` as the ledger_head route and the daily report print it (entries, then 64 hex digits). */
function parseHead(text: string): { entries: number; hash: string } {
  const match = /^(\d{1,15}):([0-9a-f]{64})$/.exec(text.trim().toLowerCase());
  if (!match)
    throw new UsageError(`bad --head '${text}': expected ENTRIES:HASH (a count, then 64 hex digits)`);
  const entries = Number(match[1]);
  const hash = match[2]!;
  if (entries === 0 && hash !== GENESIS_HASH) {
    throw new UsageError(`bad --head '${text}': an empty chain's hash is ${GENESIS_HASH}`);
  }
  return { entries, hash };
}

const verify: Command = {
  name: 'verify',
  usage: 'verify [--account <id> [--head ENTRIES:HASH]]',
  summary:
    "check every balance against the ledger, every venue's hash chain and its kept heads, and the ledger's links (exit 1 on any mismatch)",
  details: [
    'Each closed gaming day of each venue has its chain head kept (the anchors); the chain must still',
    'carry each one. --account checks only that venue; --head adds a head written down elsewhere (the',
    "ledger_head route's or the daily report's entries and hash), which the venue's chain must still carry.",
  ],
  positionals: [],
  flags: { account: 'string', head: 'string' },
  async run(args, { db, clock, print }) {
    const account = args.string('account');
    const headText = args.string('head');
    if (headText !== undefined && account === undefined) {
      throw new UsageError('--head needs --account <id>: the venue whose chain the head is of');
    }
    const accountId = account === undefined ? undefined : parseId('--account', account);
    if (accountId !== undefined && !(await findAccount(db.kysely, accountId))) {
      throw new CliError(`unknown account ${accountId}`);
    }
    const heads: KeptHead[] =
      headText === undefined || accountId === undefined
        ? []
        : [{ account_id: accountId, ...parseHead(headText) }];
    const mismatches = await verifyLedger(db, {
      ...(accountId === undefined ? {} : { accountId }),
      heads,
      nowMs: clock.now(),
    });
    print.result({ ok: mismatches.length === 0, mismatches }, () =>
      mismatches.length === 0
        ? 'ledger OK'
        : [`ledger MISMATCH (${mismatches.length}):`, ...mismatches.map((m) => `  ${describe(m)}`)].join(
            '\n',
          ),
    );
    return mismatches.length === 0 ? EXIT.ok : EXIT.failed;
  },
};

export const verifyCommands: readonly Command[] = [verify];
