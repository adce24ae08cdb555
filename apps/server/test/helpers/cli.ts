// The operator CLI in-process (runCli) with its output captured, for suites that drive commands.
import { runCli } from '../../src/cli/run.js';
import type { Db } from '../../src/db/database.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export async function runCliCaptured(db: Db, argv: readonly string[]): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    db,
    out: { write: (s: string) => (out += s) },
    err: { write: (s: string) => (err += s) },
  });
  return { code, out, err };
}
