// Changes published in one moment are told as few (live/change-feed.ts mergeChanges), and on PostgreSQL
// sent in one statement (live/pg-change-feed.ts): what terminals hear is the same, PostgreSQL commits less.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  cashChange,
  deviceChange,
  linkChange,
  MERGED_DEVICES_MAX,
  mergeChanges,
  playChange,
  type Change,
} from '../../src/live/change-feed.js';
import { CHANGES_CHANNEL, parseChange, PostgresChangeFeed } from '../../src/live/pg-change-feed.js';
import { adminClient, postgresTestDatabase } from '../helpers/databases.js';
import { until } from '../helpers/until.js';

const change = (account_id: number, devices: number[], float = false, users?: number[]): Change => ({
  account_id,
  float,
  device_ids: devices,
  ...(users ? { user_ids: users } : {}),
});

describe('mergeChanges', () => {
  it('tells one change per account with everything its changes named', () => {
    expect(
      mergeChanges([
        change(1, [3]),
        change(2, [7], true),
        change(1, [4, 3], true),
        change(1, [], false, [9]),
      ]),
    ).toEqual([change(1, [3, 4], true, [9]), change(2, [7], true)]);
  });

  it('keeps a lone change as it is, and a float-only change float-only', () => {
    expect(mergeChanges([change(5, [1, 2])])).toEqual([change(5, [1, 2])]);
    expect(mergeChanges([change(5, [], true), change(5, [], true)])).toEqual([change(5, [], true)]);
  });

  it('keeps `approvals` when any change of the account said it, and leaves it out otherwise', () => {
    const approvals: Change = { account_id: 1, float: false, device_ids: [7], approvals: true };
    expect(mergeChanges([change(1, [3]), approvals, change(2, [9])])).toEqual([
      { account_id: 1, float: false, device_ids: [3, 7], approvals: true },
      change(2, [9]),
    ]);
    expect(mergeChanges([change(1, [3]), change(1, [4])])[0]).not.toHaveProperty('approvals');
  });

  it('keeps the devices whose own state changed (`device_state_ids`), and leaves the list out when none did', () => {
    expect(mergeChanges([change(1, [3]), cashChange(1, 4), linkChange(1, 5), change(2, [9])])).toEqual([
      { account_id: 1, float: true, device_ids: [3, 4, 5], device_state_ids: [4, 5] },
      change(2, [9]),
    ]);
    expect(mergeChanges([change(1, [3]), change(1, [4])])[0]).not.toHaveProperty('device_state_ids');
  });

  it('counts `device_state_ids` with `device_ids` against the notice budget', () => {
    const many = Array.from({ length: MERGED_DEVICES_MAX / 2 + 10 }, (_, i) => cashChange(1, i + 1));
    const merged = mergeChanges(many);
    expect(merged.map((c) => c.device_ids.length + (c.device_state_ids?.length ?? 0))).toEqual([
      MERGED_DEVICES_MAX,
      20,
    ]);
  });

  it('names a device played (`played_ids`) only when no change of the moment named it for anything else', () => {
    // Device 3 played, then was renamed; device 4 only played; device 5 played twice.
    expect(
      mergeChanges([
        playChange(1, 3),
        deviceChange(1, 3),
        playChange(1, 4),
        playChange(1, 5),
        playChange(1, 5),
      ]),
    ).toEqual([{ account_id: 1, float: false, device_ids: [3, 4, 5], played_ids: [4, 5] }]);
    // A deposit before the play counts as much as one after it.
    expect(mergeChanges([cashChange(1, 3), playChange(1, 3)])).toEqual([
      { account_id: 1, float: true, device_ids: [3], device_state_ids: [3] },
    ]);
    expect(mergeChanges([change(1, [3])])[0]).not.toHaveProperty('played_ids');
  });

  it('counts `played_ids` with the other lists against the notice budget', () => {
    const many = Array.from({ length: MERGED_DEVICES_MAX / 2 + 10 }, (_, i) => playChange(1, i + 1));
    const merged = mergeChanges(many);
    expect(merged.map((c) => c.device_ids.length + (c.played_ids?.length ?? 0))).toEqual([
      MERGED_DEVICES_MAX,
      20,
    ]);
  });

  it(`starts another change past ${MERGED_DEVICES_MAX} devices, naming every device once`, () => {
    const many = Array.from({ length: MERGED_DEVICES_MAX + 50 }, (_, i) => change(1, [i + 1]));
    const merged = mergeChanges(many);
    expect(merged.map((c) => c.device_ids.length)).toEqual([MERGED_DEVICES_MAX, 50]);
    expect(merged.flatMap((c) => c.device_ids)).toEqual(many.map((c) => c.device_ids[0]));
  });
});

describe("a PostgreSQL notice's payload read back (parseChange)", () => {
  it('carries `approvals: true`, and nothing when absent', () => {
    const approvals: Change = { account_id: 1, float: false, device_ids: [7], approvals: true };
    expect(parseChange(JSON.stringify({ ...approvals, schema: 'public' }))).toEqual(approvals);
    expect(parseChange(JSON.stringify(change(1, [7])))).toEqual(change(1, [7]));
  });

  it('carries `device_state_ids`, and ignores a payload whose list is not of ids', () => {
    expect(parseChange(JSON.stringify({ ...cashChange(1, 7), schema: 'public' }))).toEqual(cashChange(1, 7));
    expect(parseChange(JSON.stringify({ ...change(1, [7]), device_state_ids: ['7'] }))).toBeNull();
  });

  it('carries `played_ids`, and ignores a payload whose list is not of ids', () => {
    expect(parseChange(JSON.stringify({ ...playChange(1, 7), schema: 'public' }))).toEqual(playChange(1, 7));
    expect(parseChange(JSON.stringify({ ...change(1, [7]), played_ids: [null] }))).toBeNull();
  });

  it('ignores a payload whose `approvals` is anything but true', () => {
    expect(parseChange(JSON.stringify({ ...change(1, [7]), approvals: 'yes' }))).toBeNull();
    expect(parseChange(JSON.stringify({ ...change(1, [7]), approvals: false }))).toBeNull();
  });
});

describe.skipIf(!postgresTestDatabase)('PostgreSQL change feed', () => {
  it('sends the changes of one moment as one notice per account, in one statement', async () => {
    const db = await postgresTestDatabase!.open();
    const feed = new PostgresChangeFeed(db, db.postgresUrl!);
    const listener = adminClient(process.env.TEST_DATABASE_URL!);
    const heard: Change[] = [];
    try {
      // Other suites' servers notify on the same channel from their own schemas.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
      await listener.connect();
      listener.on('notification', (n) => {
        const notice = JSON.parse(n.payload ?? '{}') as Change & { schema?: string };
        if (notice.schema === rows[0]!.schema) heard.push(notice);
      });
      await listener.query(`listen ${CHANGES_CHANNEL}`);
      // A batch of eight operations of one venue and one of another, published in the same turn.
      const sent = Array.from({ length: 8 }, (_, i) => feed.publish(change(1, [i + 1], i === 0)));
      sent.push(feed.publish(change(2, [50])));
      await Promise.all(sent);
      await until(() => heard.length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard.map(({ account_id, float, device_ids }) => ({ account_id, float, device_ids }))).toEqual([
        { account_id: 1, float: true, device_ids: [1, 2, 3, 4, 5, 6, 7, 8] },
        { account_id: 2, float: false, device_ids: [50] },
      ]);
    } finally {
      await listener.end();
      await feed.close();
      await db.close();
    }
  });

  it('carries `approvals` through NOTIFY and LISTEN to the subscribers of the venue', async () => {
    const db = await postgresTestDatabase!.open();
    const feed = new PostgresChangeFeed(db, db.postgresUrl!);
    const heard: Change[] = [];
    try {
      feed.subscribe(1, { onChange: (c) => heard.push(c), onLost: () => undefined });
      await feed.ready();
      await Promise.all([
        feed.publish(change(1, [3])),
        feed.publish({ account_id: 1, float: false, device_ids: [7], approvals: true }),
      ]);
      await until(() => heard.length >= 1);
      expect(heard).toEqual([{ account_id: 1, float: false, device_ids: [3, 7], approvals: true }]);
    } finally {
      await feed.close();
      await db.close();
    }
  });
});
