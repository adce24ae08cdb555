// verify: recomputes every balance from the ledger; exit 1 when anything disagrees.
import { formatCents } from '@cashdesk/contract';
import { verifyLedger, type Mismatch } from '../../ledger/verify.js';
import type { Command } from '../command.js';
import { EXIT } from '../errors.js';

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
  }
}

const verify: Command = {
  name: 'verify',
  usage: 'verify',
  summary: "check every balance against the ledger and every venue's hash chain (exit 1 on any mismatch)",
  positionals: [],
  flags: {},
  async run(_args, { db, print }) {
    const mismatches = await verifyLedger(db);
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
