// float:top-up and float:withdraw: the operator moves a venue's float against the outside world, through
// the ledger (LedgerService.moveFloat), with a trx and a reason like every back-office money move, and an
// audit entry by `operator`.
import { randomUUID } from 'node:crypto';
import { ERR, floatMoveRequest, type FloatMoveResult } from '@cashdesk/contract';
import { findAccount } from '../../accounts/accounts.repository.js';
import { OPERATOR } from '../../back-office/access.js';
import { moveFloatAudited } from '../../back-office/accounts/account-admin.js';
import type { AccountRow } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Command } from '../command.js';
import { CliError } from '../errors.js';
import { money } from '../output.js';
import { parseId, parseUnits, validate } from '../values.js';

const LABELS: Record<string, string> = { delta: 'amount', trx: '--trx', reason: '--reason' };

type Direction = 'top-up' | 'withdraw';

function refusalMessage(
  body: Record<string, unknown>,
  account: AccountRow,
  request: { delta: number; trx: string },
): string {
  const err = String(body.err);
  const trx = request.trx;
  if (err === ERR.overdraft) {
    const c = account.currency;
    const balance = typeof body.balance === 'number' ? body.balance : account.balance_cents;
    const limit = typeof body.overdraft === 'number' ? body.overdraft : 0;
    return (
      `refused: overdraft: withdrawing ${money(-request.delta, c)} would take the float of account ` +
      `${account.id} from ${money(balance, c)} to ${money(balance + request.delta, c)}, below its limit ${money(-limit, c)}`
    );
  }
  if (err === ERR.trxConflict)
    return `refused: trx conflict: trx '${trx}' was already used for a different move`;
  return `refused: ${err}`;
}

function floatMove(direction: Direction): Command {
  const name = `float:${direction}`;
  return {
    name,
    usage: `${name} <accountId> <amount> --reason <text> [--trx <trx>]`,
    summary:
      direction === 'top-up'
        ? "add money to an account's float (through the ledger)"
        : "take money out of an account's float (through the ledger)",
    details: [
      'The amount is units with at most 2 decimals, e.g. 250.00. A withdraw may take the float down to',
      '-overdraft (0 without has_overdraft). --trx makes the move idempotent: the same trx with the same',
      'move is done once; without it a fresh trx is generated.',
    ],
    positionals: ['<accountId>', '<amount>'],
    flags: { reason: 'string', trx: 'string' },
    async run(args, { db, ledger, clock, print }) {
      const accountId = parseId('account id', args.positional(0));
      const cents = parseUnits('amount', args.positional(1));
      const request = validate(
        floatMoveRequest,
        {
          delta: direction === 'top-up' ? cents : -cents,
          trx: args.string('trx') ?? `cli-${randomUUID()}`,
          reason: args.required('reason'),
        },
        LABELS,
      );
      const account = await findAccount(db.kysely, accountId);
      if (!account) throw new CliError(`unknown account ${accountId}`);

      // The back office's float move: through the ledger, with its audit entry in the same transaction.
      const outcome = await moveFloatAudited(ledger, {
        account_id: accountId,
        request,
        actor: OPERATOR,
        now_ms: clock.now(),
      }).catch((error: unknown) => {
        if (error instanceof ApiError) throw new CliError(`refused: ${error.err}`);
        throw error;
      });
      if (outcome.status !== 200) {
        throw new CliError(refusalMessage(outcome.body as Record<string, unknown>, account, request));
      }
      const result = outcome.body as FloatMoveResult;
      const verb = direction === 'top-up' ? 'topped up' : 'withdrew';
      print.result(
        { ...result, account_id: accountId, currency: account.currency },
        () =>
          `${verb} ${money(Math.abs(result.delta), account.currency)} on account ${accountId} (${account.name}): ` +
          `float now ${money(result.balance, account.currency)}  [trx ${result.trx}]`,
      );
    },
  };
}

export const floatCommands: readonly Command[] = [floatMove('top-up'), floatMove('withdraw')];
