// `npm run torture -- --duration 120 [--seed N] [--db postgres|sqlite|both] [--clients 32] [--kills K]
// [--workers N]`
// The long form of the torture tests: prints the seed and the findings; exit 1 on any problem.
import { parseArgs } from 'node:util';
import { randomSeed } from './random.js';
import { describeReport, runTorture } from './torture.js';

const USAGE =
  'usage: npm run torture -- --duration <seconds> [--seed N] [--db postgres|sqlite|both] [--clients N] [--kills N] [--workers N]\n' +
  'PostgreSQL: TEST_DATABASE_URL (else postgres://postgres@127.0.0.1:5432/test); each run creates and drops its own database.';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      seed: { type: 'string' },
      db: { type: 'string', default: 'both' },
      clients: { type: 'string' },
      kills: { type: 'string' },
      workers: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const durationS = Number(values.duration);
  const seed = values.seed === undefined ? randomSeed() : Number(values.seed);
  const which = values.db === 'both' ? (['postgres', 'sqlite'] as const) : [values.db];
  if (
    !(durationS > 0) ||
    !Number.isSafeInteger(seed) ||
    which.some((d) => d !== 'postgres' && d !== 'sqlite')
  ) {
    console.error(USAGE);
    return 2;
  }
  const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  let failed = false;
  for (const db of which as ('postgres' | 'sqlite')[]) {
    console.log(`--- torture on ${db}: ${durationS} s, seed ${seed}`);
    const report = await runTorture({
      db,
      durationMs: durationS * 1000,
      seed,
      postgresUrl,
      // A kill every 20 s or so (at least one on PostgreSQL, three on the embedded database).
      kills:
        values.kills !== undefined
          ? Number(values.kills)
          : Math.max(db === 'postgres' ? 1 : 3, Math.round(durationS / 20)),
      ...(values.clients !== undefined ? { clients: Number(values.clients) } : {}),
      // WORKERS=N server processes, each N workers (PostgreSQL; the embedded database keeps one).
      ...(values.workers !== undefined && db === 'postgres' ? { workers: Number(values.workers) } : {}),
      log: (line) => console.log(line),
    });
    console.log(describeReport(report));
    failed ||= report.problems.length > 0;
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
