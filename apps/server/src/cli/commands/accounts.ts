// account:create, account:list, account:set: venues and their non-money settings (the float moves
// only through float:top-up / float:withdraw, i.e. the ledger).
import {
  createAccountRequest,
  ERR,
  updateAccountRequest,
  type Account,
  type UpdateAccountRequest,
} from '@cashdesk/contract';
import { findAccount, listAccounts, toAccount } from '../../accounts/accounts.repository.js';
import { OPERATOR } from '../../back-office/access.js';
import { changeAccountSettings, createAccountAudited } from '../../back-office/accounts/account-admin.js';
import { ApiError } from '../../http/api-error.js';
import type { Args } from '../args.js';
import type { Command } from '../command.js';
import { CliError, UsageError } from '../errors.js';
import { money, table, yesNo } from '../output.js';
import { parseBool, parseId, parseInteger, parseUnits, validate } from '../values.js';

/** Schema field -> the flag the operator typed, for error messages. */
const LABELS: Record<string, string> = {
  name: '--name',
  currency: '--currency',
  overdraft: '--overdraft',
  has_overdraft: '--has-overdraft',
  home_play: '--home-play',
  is_hard_block_home_play: '--hard-block',
  is_light_block_home_play: '--light-block',
  min_amount: '--min',
  max_amount: '--max',
  final_bonus_rate_bps: '--final-bonus-bps',
  max_event_amount: '--max-event',
  shifts: '--shifts',
  time_zone: '--time-zone',
  day_starts_at: '--day-starts-at',
};

const DEFAULTS = { currency: 'EUR', overdraft: '0.00', min: '1.00', max: '5000.00', bps: '0' } as const;

export function describeAccount(a: Account): string {
  const limit = a.has_overdraft ? a.overdraft : 0;
  return [
    `account ${a.id}: ${a.name}`,
    `  float            ${money(a.balance, a.currency)} (may go down to ${money(-limit, a.currency)})`,
    `  overdraft        ${money(a.overdraft, a.currency)}, has_overdraft ${yesNo(a.has_overdraft)}`,
    `  home play        ${yesNo(a.home_play)} (hard block ${yesNo(a.is_hard_block_home_play)}, light block ${yesNo(a.is_light_block_home_play)})`,
    `  amount limits    ${money(a.min_amount, a.currency)} .. ${money(a.max_amount, a.currency)}`,
    `  final bonus rate ${a.final_bonus_rate_bps} bps (${a.final_bonus_rate_bps / 100}%)`,
    `  game event max   ${money(a.max_event_amount, a.currency)}`,
    `  shifts           ${yesNo(a.shifts)} (cash calls need an open cash-drawer shift)`,
    `  gaming day       starts at ${a.day_starts_at}:00 in ${a.time_zone}`,
  ].join('\n');
}

const accountCreate: Command = {
  name: 'account:create',
  usage:
    'account:create --name <name> [--currency EUR] [--overdraft 0.00] [--has-overdraft] [--home-play] [--min 1.00] [--max 5000.00] [--final-bonus-bps 0] [--max-event 1000000.00]',
  summary: 'create an account (venue) with an empty float',
  details: [
    'Amounts are units with at most 2 decimals. The overdraft counts only with --has-overdraft.',
    'Fund the float afterwards with float:top-up.',
  ],
  positionals: [],
  flags: {
    name: 'string',
    currency: 'string',
    overdraft: 'string',
    'has-overdraft': 'boolean',
    'home-play': 'boolean',
    min: 'string',
    max: 'string',
    'final-bonus-bps': 'string',
    'max-event': 'string',
  },
  async run(args, { db, clock, print }) {
    const request = validate(
      createAccountRequest,
      {
        name: args.required('name'),
        currency: (args.string('currency') ?? DEFAULTS.currency).toUpperCase(),
        overdraft: parseUnits('--overdraft', args.string('overdraft') ?? DEFAULTS.overdraft),
        has_overdraft: args.bool('has-overdraft'),
        home_play: args.bool('home-play'),
        min_amount: parseUnits('--min', args.string('min') ?? DEFAULTS.min),
        max_amount: parseUnits('--max', args.string('max') ?? DEFAULTS.max),
        final_bonus_rate_bps: parseInteger(
          '--final-bonus-bps',
          args.string('final-bonus-bps') ?? DEFAULTS.bps,
        ),
        ...(args.string('max-event') === undefined
          ? {}
          : { max_event_amount: parseUnits('--max-event', args.string('max-event')!) }),
      },
      LABELS,
    );
    const account = toAccount(
      await createAccountAudited(db, { request, actor: OPERATOR, now_ms: clock.now() }),
    );
    print.result(account, () => `created ${describeAccount(account)}`);
    if (request.overdraft > 0 && !request.has_overdraft) {
      print.note(
        'note: the overdraft counts only with --has-overdraft (account:set <id> --has-overdraft true)',
      );
    }
  },
};

const accountList: Command = {
  name: 'account:list',
  usage: 'account:list',
  summary: 'list every account with its float and settings',
  positionals: [],
  flags: {},
  async run(_args, { db, print }) {
    const accounts = (await listAccounts(db.kysely)).map(toAccount);
    print.result(accounts, () =>
      accounts.length === 0
        ? 'no accounts yet (account:create --name ...)'
        : table(
            ['id', 'name', 'float', 'overdraft', 'home play', 'blocks', 'min..max', 'bonus bps'],
            accounts.map((a) => [
              String(a.id),
              a.name,
              money(a.balance, a.currency),
              a.has_overdraft ? money(a.overdraft, a.currency) : 'off',
              yesNo(a.home_play),
              [a.is_hard_block_home_play && 'hard', a.is_light_block_home_play && 'light']
                .filter(Boolean)
                .join(',') || '-',
              `${money(a.min_amount, a.currency)}..${money(a.max_amount, a.currency)}`,
              String(a.final_bonus_rate_bps),
            ]),
          ),
    );
  },
};

function readPatch(args: Args): UpdateAccountRequest {
  const text = (flag: string) => args.string(flag);
  const opt = <T>(flag: string, parse: (label: string, value: string) => T): T | undefined => {
    const value = text(flag);
    return value === undefined ? undefined : parse(`--${flag}`, value);
  };
  const raw = {
    name: text('name'),
    overdraft: opt('overdraft', parseUnits),
    has_overdraft: opt('has-overdraft', parseBool),
    home_play: opt('home-play', parseBool),
    is_hard_block_home_play: opt('hard-block', parseBool),
    is_light_block_home_play: opt('light-block', parseBool),
    min_amount: opt('min', parseUnits),
    max_amount: opt('max', parseUnits),
    final_bonus_rate_bps: opt('final-bonus-bps', parseInteger),
    max_event_amount: opt('max-event', parseUnits),
    shifts: opt('shifts', parseBool),
    time_zone: text('time-zone'),
    day_starts_at: opt('day-starts-at', parseInteger),
  };
  // Drop the flags not given: the strict schema would otherwise see explicit undefineds as fields.
  const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  return validate(updateAccountRequest, given, LABELS);
}

const accountSet: Command = {
  name: 'account:set',
  usage:
    'account:set <id> [--name <name>] [--overdraft 0.00] [--has-overdraft true|false] [--home-play true|false] [--hard-block true|false] [--light-block true|false] [--min 1.00] [--max 5000.00] [--final-bonus-bps 0] [--max-event 1000000.00] [--shifts true|false] [--time-zone Europe/Lisbon] [--day-starts-at 0-23]',
  summary: "change an account's settings (not its float)",
  positionals: ['<id>'],
  flags: {
    name: 'string',
    overdraft: 'string',
    'has-overdraft': 'string',
    'home-play': 'string',
    'hard-block': 'string',
    'light-block': 'string',
    min: 'string',
    max: 'string',
    'final-bonus-bps': 'string',
    'max-event': 'string',
    shifts: 'string',
    'time-zone': 'string',
    'day-starts-at': 'string',
  },
  async run(args, { db, clock, changes, print }) {
    const id = parseId('account id', args.positional(0));
    const patch = readPatch(args);
    if (Object.keys(patch).length === 0) {
      throw new UsageError('account:set: nothing to change; give at least one flag (see help account:set)');
    }
    const current = await findAccount(db.kysely, id);
    if (!current) throw new CliError(`unknown account ${id}`);
    const c = current.currency;
    // The same rules, lock and audit entry as the back office's settings call.
    const updated = await changeAccountSettings(db, changes, {
      account_id: id,
      patch,
      actor: OPERATOR,
      now_ms: clock.now(),
    }).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      if (error.err === ERR.notFound) throw new CliError(`unknown account ${id}`);
      if (error.err === ERR.overdraft) {
        const { balance, overdraft } = error.details as { balance: number; overdraft: number };
        throw new CliError(
          `refused: the float is ${money(balance, c)}, below the new limit of ${money(-overdraft, c)}; top the float up first`,
        );
      }
      const min = patch.min_amount ?? current.min_amount_cents;
      const max = patch.max_amount ?? current.max_amount_cents;
      if (min > max) {
        throw new UsageError(`bad input: --min ${money(min, c)} must not exceed --max ${money(max, c)}`);
      }
      throw new CliError('refused: the new settings break an account rule');
    });
    const account = toAccount(updated);
    print.result(account, () => `updated ${describeAccount(account)}`);
  },
};

export const accountCommands: readonly Command[] = [accountCreate, accountList, accountSet];
