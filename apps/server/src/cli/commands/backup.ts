// backup: a consistent copy of the embedded database while the server keeps running (SQLite VACUUM
// INTO: one read transaction, so the copy is the database as of one moment, compacted). The copy is
// checked before the command says it is done. PostgreSQL is backed up with pg_dump (docs/operations.md).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { REPO_ROOT } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { verifyLedger } from '../../ledger/verify.js';
import type { Command } from '../command.js';
import { CliError } from '../errors.js';

const backup: Command = {
  name: 'backup',
  usage: 'backup --to <file>',
  summary: 'copy the embedded database to a new file, safely while the server runs, and check the copy',
  details: [
    'A relative path is read from the repository root, like DATA_DIR. The file must not exist yet.',
    'Restore: stop the server, copy the file to DATA_DIR/cashdesk.sqlite, delete cashdesk.sqlite-wal and',
    'cashdesk.sqlite-shm beside it, start the server, run verify (docs/operations.md).',
    'PostgreSQL: pg_dump -Fc / pg_restore, see docs/operations.md.',
  ],
  positionals: [],
  flags: { to: 'string' },
  async run(args, { db, print }) {
    if (db.dialect !== 'sqlite') {
      throw new CliError(
        'backup copies the embedded database; back PostgreSQL up with pg_dump -Fc (docs/operations.md)',
      );
    }
    const to = path.resolve(REPO_ROOT, args.required('to'));
    if (fs.existsSync(to)) throw new CliError(`${to} exists already: name a new file`);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    await sql`vacuum into ${to}`.execute(db.kysely);

    // A backup nobody checked is a hope: open the copy and check its pages and its books.
    const copy = openDatabase({ kind: 'sqlite', file: to });
    try {
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(copy.kysely);
      const verdict = integrity.rows.map((r) => r.integrity_check).join('; ');
      const mismatches = await verifyLedger(copy);
      if (verdict !== 'ok' || mismatches.length > 0) {
        throw new CliError(
          `the copy at ${to} failed its check (integrity: ${verdict}, ledger mismatches: ${mismatches.length})`,
        );
      }
    } finally {
      await copy.close();
    }
    const bytes = fs.statSync(to).size;
    print.result(
      { ok: true, file: to, bytes },
      () => `backup written to ${to} (${bytes} bytes); integrity and ledger OK`,
    );
  },
};

export const backupCommands: readonly Command[] = [backup];
