// The last gaming day a daily report can represent (contract LAST_GAMING_DAY, packages/contract/src/
// daily-report.ts): 9999-12-29 answers its report, over HTTP and through `cashdesk report:daily`, for the
// venue whose days end latest in UTC (a day starting at 23:00 at UTC-12); the next days are a 400
// `validation` on `day` (the CLI: exit 2 naming --day), never a 500. The clock is moved past them all,
// so "has not begun yet" is not what refuses them.
import { ERR, type DailyReport } from '@cashdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/cli.js';
import { FakeClock } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { answer, signedInAs } from './support.js';

const LAST = '9999-12-29';
const TOO_LATE = ['9999-12-30', '9999-12-31'];
const tooLate = { err: ERR.validation, issues: [{ path: 'day', message: `must be ${LAST} or earlier` }] };

describe.each(testDatabases)('the last day of the daily report on $name', (database) => {
  let manager: TestClient;
  let venueId: number;

  // Noon UTC on the last date there is: every day up to it has begun, in every time zone.
  const clock = new FakeClock(Date.UTC(9999, 11, 31, 12));
  const suite = useTestServer(database, { clock });
  beforeAll(async () => {
    venueId = (await createVenue(suite.db)).id;
    manager = (await signedInAs(suite.server, suite.db, 'manager', venueId)).client;
    const settings = await manager.post(`/a/manager/account/${venueId}`, {
      time_zone: 'Etc/GMT+12',
      day_starts_at: 23,
    });
    expect(answer(settings)).toMatchObject({
      status: 200,
      body: { time_zone: 'Etc/GMT+12', day_starts_at: 23 },
    });
  });

  const report = (day: string) =>
    manager.get<DailyReport>(`/a/manager/account/${venueId}/daily_report?day=${day}`);
  const cli = (...argv: string[]) => runCliCaptured(suite.db, argv, { clock });

  it(`answers the report of ${LAST} and a 400 on day for the days after it, over HTTP`, async () => {
    expect(answer(await report(LAST))).toMatchObject({
      status: 200,
      body: { day: LAST, from: '9999-12-30T11:00:00.000Z', to: '9999-12-31T11:00:00.000Z', complete: true },
    });
    for (const day of TOO_LATE) {
      expect([day, answer(await report(day))]).toEqual([day, { status: 400, body: tooLate }]);
    }
  });

  it(`prints the report of ${LAST} and refuses the days after it, through the CLI`, async () => {
    const last = await cli('report:daily', '--account', String(venueId), '--day', LAST, '--json');
    expect(last).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(last.out) as DailyReport).toMatchObject({ day: LAST, to: '9999-12-31T11:00:00.000Z' });
    for (const day of TOO_LATE) {
      const run = await cli('report:daily', '--account', String(venueId), '--day', day);
      expect([day, run.code, run.out]).toEqual([day, 2, '']);
      expect(run.err).toContain('--day');
      expect(run.err).toContain(`must be ${LAST} or earlier`);
    }
  });
});
