// The short forms of the torture runs (torture.ts); `npm run torture -- --duration 120` runs the long
// ones. A failing run prints its seed: TORTURE_SEED=<seed> replays the same plan here.
import { describe, expect, it } from 'vitest';
import { randomSeed } from './random.js';
import { describeReport, runTorture } from './torture.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const seed = process.env.TORTURE_SEED ? Number(process.env.TORTURE_SEED) : randomSeed();
const RUN_MS = 10_000;

if (!pgUrl) {
  console.warn('PostgreSQL torture test SKIPPED: TEST_DATABASE_URL is not set.');
}

describe('torture', () => {
  it.skipIf(!pgUrl)(
    'PostgreSQL, 3 servers, 32 clients, one server SIGKILLed and restarted: every acknowledged trx once, books hold',
    async () => {
      const report = await runTorture({
        db: 'postgres',
        durationMs: RUN_MS,
        seed,
        postgresUrl: pgUrl!,
        kills: 1,
      });
      console.log(describeReport(report));
      expect(report.problems, describeReport(report)).toEqual([]);
      expect(report.summary.acknowledged).toBeGreaterThan(30);
      expect(report.summary.conflictsRefused).toBeGreaterThan(0);
      expect(report.exitCodes).toEqual([0, 0, 0]);
    },
    180_000,
  );

  it('embedded SQLite, SIGKILLed 3 times and restarted from its data directory: reopens, loses nothing', async () => {
    const report = await runTorture({ db: 'sqlite', durationMs: RUN_MS, seed, kills: 3 });
    console.log(describeReport(report));
    expect(report.problems, describeReport(report)).toEqual([]);
    expect(report.kills).toHaveLength(3);
    expect(report.summary.acknowledged).toBeGreaterThan(30);
  }, 180_000);
});
