// The operator CLI in-process (runCli) with its output captured, for suites that drive commands.
import { runCli } from '../../src/cli/run.js';
import type { Clock } from '../../src/clock.js';
import type { Db } from '../../src/db/database.js';
import { authCacheOf } from './auth-cache.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `argv` on `db`; `options.clock` is the CLI's time (a FakeClock to move it), the system's otherwise. */
export async function runCliCaptured(
  db: Db,
  argv: readonly string[],
  options: { clock?: Clock } = {},
): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    db,
    ...(options.clock ? { clock: options.clock } : {}),
    // The auth cache of the servers this test runs on the database, as a CLI in their process would share.
    auth: authCacheOf(db),
    out: { write: (s: string) => (out += s) },
    err: { write: (s: string) => (err += s) },
  });
  return { code, out, err };
}
