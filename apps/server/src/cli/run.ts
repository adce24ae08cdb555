// runCli: the whole operator CLI as one function of (argv, database, output streams) -> exit code, so
// tests drive it in-process and main.ts only wires it to the real process.
import { AuthCache } from '../auth/auth-cache.js';
import type { Db } from '../db/database.js';
import { systemClock, type Clock } from '../clock.js';
import { LedgerSealer } from '../ledger/ledger-sealer.js';
import { LedgerService } from '../ledger/ledger.service.js';
import type { ChangeFeed } from '../live/change-feed.js';
import { openChangeFeed } from '../live/open-change-feed.js';
import { PostgresChangeFeed } from '../live/pg-change-feed.js';
import { parseArgs } from './args.js';
import type { Command } from './command.js';
import { accountCommands } from './commands/accounts.js';
import { backupCommands } from './commands/backup.js';
import { databaseCommands } from './commands/database.js';
import { floatCommands } from './commands/float.js';
import { maintenanceCommands } from './commands/maintenance.js';
import { reportCommands } from './commands/reports.js';
import { userCommands } from './commands/users.js';
import { verifyCommands } from './commands/verify.js';
import { CliError, EXIT, UsageError } from './errors.js';
import { Printer, type Writer } from './output.js';

export const COMMANDS: ReadonlyMap<string, Command> = new Map(
  [
    ...accountCommands,
    ...floatCommands,
    ...userCommands,
    ...verifyCommands,
    ...backupCommands,
    ...maintenanceCommands,
    ...reportCommands,
    ...databaseCommands,
  ].map((c) => [c.name, c]),
);

export interface CliIo {
  /** The database, or how to open it: `help` and mistyped commands never open (or create) one. */
  db: Db | (() => Promise<Db>);
  /**
   * The auth cache of a server running in this process on the same database (tests, the e2e harness),
   * so what a command revokes reaches it; a CLI process makes its own.
   */
  auth?: AuthCache;
  out: Writer;
  err: Writer;
  clock?: Clock;
  /** Shown at the end of `help`, so the operator sees which database the commands act on. */
  databaseLabel?: string;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const endOfFlags = argv.indexOf('--');
  const json = (endOfFlags === -1 ? argv : argv.slice(0, endOfFlags)).includes('--json');
  try {
    if (name === undefined || name === 'help' || name === '--help') {
      const topic = rest[0];
      if (topic !== undefined && !COMMANDS.has(topic)) {
        throw new UsageError(`unknown command '${topic}' (run 'help' for the list)`);
      }
      io.out.write(helpText(topic, io.databaseLabel));
      return EXIT.ok;
    }
    const command = COMMANDS.get(name);
    if (!command) throw new UsageError(`unknown command '${name}' (run 'help' for the list)`);
    const args = parseArgs(rest, command);
    if (args.bool('help')) {
      io.out.write(helpText(name, io.databaseLabel));
      return EXIT.ok;
    }
    const db = typeof io.db === 'function' ? await io.db() : io.db;
    const clock = io.clock ?? systemClock;
    const print = new Printer(io.out, args.bool('json'));
    const changes = openChangeFeed(db);
    const auth = io.auth ?? AuthCache.of(db);
    const sealer = new LedgerSealer(db);
    try {
      await listenForRevocations(changes, auth);
      const ledger = new LedgerService(db, clock, changes, { sealer });
      const code = await command.run(args, { db, auth, ledger, clock, changes, print });
      return code ?? EXIT.ok;
    } finally {
      // The command's ledger rows on their chains and its change notices out, before the caller closes
      // the database.
      await sealer.close();
      await changes.close();
    }
  } catch (error) {
    const known = error instanceof CliError;
    // Unexpected errors keep their message (this is a local operator tool) but say they are unexpected.
    const message = known ? error.message : `unexpected error: ${describeError(error)}`;
    io.err.write(json ? `${JSON.stringify({ error: message })}\n` : `error: ${message}\n`);
    return known ? error.exitCode : EXIT.failed;
  }
}

/**
 * On PostgreSQL a command that blocks a user or changes a password returns once the servers have been
 * told (auth/auth-cache.ts): it hears its own revocation come back on a listening connection. Without one
 * (the database refuses it) the revocation still reaches every listening server, only unwaited.
 */
async function listenForRevocations(changes: ChangeFeed, auth: AuthCache): Promise<void> {
  if (!(changes instanceof PostgresChangeFeed)) return;
  changes.serveRevocations(auth);
  await changes.ready().catch(() => undefined);
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function helpText(topic: string | undefined, databaseLabel: string | undefined): string {
  const command = topic === undefined ? undefined : COMMANDS.get(topic);
  if (command) {
    return [`usage: cashdesk ${command.usage}`, '', command.summary, ...(command.details ?? []), ''].join(
      '\n',
    );
  }
  const lines = [
    'cashdesk operator CLI: npm run cashdesk -- <command> [flags]',
    '',
    'commands:',
    '  help [command]    this text, or the details of one command',
    ...[...COMMANDS.values()].map((c) => `  ${c.name.padEnd(17)} ${c.summary}`),
    '',
    'usage:',
    ...[...COMMANDS.values()].map((c) => `  ${c.usage}`),
    '',
    'Amounts are units with at most 2 decimals (12.50), never negative; the command says the direction.',
    'Every command takes --json for machine-readable output and --help for its details.',
    'Exit codes: 0 done, 1 refused or failed (unknown login, duplicate, overdraft, ledger mismatch),',
    '2 bad command line (unknown command or flag, missing or malformed value).',
    "The database is the server's: DATABASE_URL, else DATA_DIR/cashdesk.sqlite (DATA_DIR defaults to <repo>/data).",
  ];
  if (databaseLabel) lines.push(`database: ${databaseLabel}`);
  return `${lines.join('\n')}\n`;
}
