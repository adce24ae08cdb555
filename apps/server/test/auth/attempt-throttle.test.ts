// The throttle's mechanism on its own (src/auth/throttle.ts, AttemptThrottle), beside the policies
// tested over HTTP (throttle.test.ts, pin-guessing.test.ts): which keys an attempt counts, the order it
// takes their rows in, and the one policy it refuses to be built with.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttemptThrottle, THROTTLE_ROWS_KEPT_MS, type ThrottlePolicy } from '../../src/auth/throttle.js';
import type { Db } from '../../src/db/database.js';
import { FakeClock } from '../helpers/clock.js';
import { sqliteTestDatabase } from '../helpers/databases.js';

type Kind = 'first' | 'second' | 'third';
const never = { threshold: 1_000, lockMs: () => 0 };
const policy = (windowMs: number): ThrottlePolicy<Kind> => ({
  windowMs,
  rules: { first: never, second: never, third: never },
});

describe('the attempt throttle', () => {
  let db: Db;
  const clock = new FakeClock();
  beforeAll(async () => {
    db = await sqliteTestDatabase.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('takes the keys of an attempt in text order, whatever order they come in', async () => {
    const tag = randomBytes(4).toString('hex');
    const throttle = new AttemptThrottle<Kind>(db, clock, policy(60_000));
    const decision = await throttle.begin({ first: `c:${tag}`, second: `a:${tag}`, third: `b:${tag}` });
    if (!decision.allowed) throw new Error('refused');
    expect(decision.attempt.counted.map((c) => [c.kind, c.key])).toEqual([
      ['second', `a:${tag}`],
      ['third', `b:${tag}`],
      ['first', `c:${tag}`],
    ]);
  });

  it('counts only the keys an attempt names', async () => {
    const tag = randomBytes(4).toString('hex');
    const throttle = new AttemptThrottle<Kind>(db, clock, policy(60_000));
    const decision = await throttle.begin({ first: `one:${tag}`, second: undefined });
    if (!decision.allowed) throw new Error('refused');
    expect(decision.attempt.counted.map((c) => c.kind)).toEqual(['first']);
    const rows = await db.kysely
      .selectFrom('sign_in_throttle')
      .select('key')
      .where('key', 'like', `%${tag}`)
      .execute();
    expect(rows.map((r) => r.key)).toEqual([`one:${tag}`]);
  });

  it('refuses a policy whose window is longer than its rows are kept, and takes one as long', () => {
    expect(() => new AttemptThrottle<Kind>(db, clock, policy(THROTTLE_ROWS_KEPT_MS + 1))).toThrow(
      'throttle window longer than rows are kept',
    );
    expect(() => new AttemptThrottle<Kind>(db, clock, policy(THROTTLE_ROWS_KEPT_MS))).not.toThrow();
  });
});
