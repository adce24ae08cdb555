// The shape of one CLI command and what it gets to work with.
import type { AuthCache } from '../auth/auth-cache.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../clock.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { ChangePublisher } from '../live/change-feed.js';
import type { Args, ArgSpec } from './args.js';
import type { Printer } from './output.js';

export interface CommandContext {
  db: Db;
  /** Told of what a command revokes (a block, a password); the server's, when it runs in this process. */
  auth: AuthCache;
  ledger: LedgerService;
  clock: Clock;
  /** Tells the server's terminals what a command changed (across processes on PostgreSQL only). */
  changes: ChangePublisher;
  print: Printer;
}

export interface Command extends ArgSpec {
  /** One line shown by `help`, e.g. `float:top-up <accountId> <amount> --reason <text> [--trx <trx>]`. */
  usage: string;
  summary: string;
  /** More lines shown by `help <command>`. */
  details?: readonly string[];
  /** Returns the exit code; 0 when it returns nothing. */
  run(args: Args, ctx: CommandContext): Promise<number | void>;
}
