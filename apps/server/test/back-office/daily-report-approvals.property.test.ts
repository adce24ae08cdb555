// The daily report's four-eyes counts add up whatever happened (fast-check): over random requests around
// three gaming days (approved, refused by the ledger after approval, declined, withdrawn, or left to
// expire, some still waiting now) each begun day's counts close, waiting at the start + requested =
// approved + declined + withdrawn + expired + waiting at the end, per device and in total; and a day
// that has ended hands its waiting requests to the next day's start.
import { gamingDayBounds, nextDate } from '@cashdesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalCountsByDevice,
  type ApprovalCounts,
} from '../../src/back-office/reports/daily-report.repository.js';
import type { Db } from '../../src/db/database.js';
import { APPROVAL_WINDOW_MS } from '../../src/approvals/four-eyes.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

const W = APPROVAL_WINDOW_MS;
const FIRST_DAY = '2026-03-27';
// Berlin from 06:00 over the night the clocks go forward: days of 24, 23 and 24 hours.
const CLOCK = { time_zone: 'Europe/Berlin', day_starts_at: 6 };
const DAYS = [FIRST_DAY, nextDate(FIRST_DAY), nextDate(nextDate(FIRST_DAY))].map((day) => ({
  day,
  ...gamingDayBounds(day, CLOCK),
}));
const START = DAYS[0]!.fromMs;
const END = DAYS[2]!.toMs;
const EDGES = DAYS.flatMap((d) => [d.fromMs, d.toMs]);

type Fate = 'pending' | 'approved' | 'failed' | 'declined' | 'withdrawn';

interface Request {
  device: 0 | 1;
  createdMs: number;
  fate: Fate;
  /** When it was decided, as a part of its window: decided before it expired. */
  decidedAfter: number;
}

const request: fc.Arbitrary<Request> = fc.record({
  device: fc.constantFrom(0 as const, 1 as const),
  // At a day's edge, or its window before it, to the ms, as often as anywhere.
  createdMs: fc.oneof(
    fc.integer({ min: START - W, max: END - 1 }),
    fc
      .tuple(fc.constantFrom(...EDGES), fc.constantFrom(0, W), fc.integer({ min: -1, max: 1 }))
      .map(([edge, back, ms]) => Math.min(END - 1, Math.max(START - W, edge - back + ms))),
  ),
  fate: fc.constantFrom<Fate>('pending', 'approved', 'failed', 'declined', 'withdrawn'),
  decidedAfter: fc.oneof(fc.constantFrom(0, W - 1), fc.integer({ min: 0, max: W - 1 })),
});

const closes = (c: Omit<ApprovalCounts, 'device_id'>) =>
  c.waiting_at_start + c.requested - (c.approved + c.declined + c.withdrawn + c.expired + c.waiting_at_end);

describe.each(testDatabases)("the daily report's approvals on $name", (database) => {
  let db: Db;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it(
    'add up on every begun day, and a day ended hands its waiting requests to the next',
    { timeout: 240_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(request, { maxLength: 25 }),
          fc.oneof(
            fc.integer({ min: START, max: END + 2 * W }),
            fc.constantFrom(...EDGES).chain((edge) => fc.integer({ min: edge - 1, max: edge + 1 })),
          ),
          async (requests, nowMs) => {
            const venue = await createVenue(db);
            const user = await createTestUser(db, { account_id: venue.id });
            const devices = [
              await createLinkedDevice(db, { account_id: venue.id }),
              await createLinkedDevice(db, { account_id: venue.id }),
            ];
            const made = requests.filter((r) => r.createdMs <= nowMs);
            for (const [i, r] of made.entries()) {
              const decidedMs = r.createdMs + r.decidedAfter;
              // Decided after now is not decided yet.
              const decided = r.fate !== 'pending' && decidedMs <= nowMs;
              await db.kysely
                .insertInto('approvals')
                .values({
                  id: `p-${venue.id}-${i}`,
                  account_id: venue.id,
                  scope: `user:${user.id}`,
                  trx: `trx-${venue.id}-${i}`,
                  request_hash: 'h',
                  user_id: user.id,
                  device_id: devices[r.device]!.id,
                  device_uuid: '',
                  place: 1,
                  delta_cents: -100_00,
                  cash_out: 0,
                  amount_cents: 100_00,
                  remote_pin: null,
                  status: decided ? (r.fate === 'failed' ? 'approved' : (r.fate as 'approved')) : 'pending',
                  created_at_ms: r.createdMs,
                  decided_at_ms: decided ? decidedMs : null,
                  decided_by: decided ? user.id : null,
                  reason: null,
                  outcome_json: decided && r.fate === 'failed' ? '{"err":"refused"}' : null,
                })
                .execute();
            }
            const begun = DAYS.filter((d) => d.fromMs <= nowMs);
            const counts = [];
            for (const day of begun) {
              const byDevice = await approvalCountsByDevice(db.kysely, {
                accountId: venue.id,
                fromMs: day.fromMs,
                toMs: day.toMs,
                windowMs: W,
                nowMs,
              });
              for (const device of byDevice) expect(closes(device), `${day.day} device`).toBe(0);
              const total = (key: keyof ApprovalCounts) => byDevice.reduce((s, d) => s + d[key], 0);
              counts.push({
                day,
                requested: total('requested'),
                start: total('waiting_at_start'),
                end: total('waiting_at_end'),
                failed: total('failed'),
                approved: total('approved'),
              });
              const inDay = made.filter((r) => r.createdMs >= day.fromMs && r.createdMs < day.toMs);
              expect(total('requested'), day.day).toBe(inDay.length);
              expect(total('failed')).toBeLessThanOrEqual(total('approved'));
            }
            for (let i = 0; i + 1 < counts.length; i += 1) {
              const [day, next] = [counts[i]!, counts[i + 1]!];
              if (day.day.toMs <= nowMs)
                expect(next.start, `${day.day.day} -> ${next.day.day}`).toBe(day.end);
            }
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
