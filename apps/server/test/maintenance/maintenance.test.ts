// The maintenance message on every test database: the operator sets and clears it with the CLI, and the
// public GET /maintenance serves it to any visitor (another server process included: it is in the
// database), or 404 when there is none.
import { ERR, MAINTENANCE_MESSAGE_MAX_LENGTH } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import type { Db } from '../../src/db/database.js';
import { FakeClock } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe.each(testDatabases)('maintenance message on $name', (database) => {
  let db: Db;
  let clock: FakeClock;
  let servers: TestServer[];
  beforeAll(async () => {
    db = await database.open();
    clock = new FakeClock();
    // Two server processes on one database, as behind a load balancer.
    servers = [await startTestServer(db, { clock }), await startTestServer(db, { clock })];
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await db.close();
  });

  async function cli(...argv: string[]) {
    let out = '';
    let err = '';
    const code = await runCli(argv, {
      db,
      clock,
      out: { write: (s: string) => (out += s) },
      err: { write: (s: string) => (err += s) },
    });
    return { code, out, err };
  }

  const fetchMessage = (server: TestServer) => server.client().get('/maintenance');

  it('serves the text the operator set to anyone, without a session, from every server process', async () => {
    expect((await fetchMessage(servers[0]!)).status).toBe(404);
    const set = await cli('maintenance:set', '  Back at 14:00 — new games are being installed.  ');
    expect(set).toMatchObject({ code: 0, err: '' });
    expect(set.out).toContain('Back at 14:00 — new games are being installed.');

    for (const server of servers) {
      const res = await fetchMessage(server);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: {
          message: 'Back at 14:00 — new games are being installed.',
          updated_at: new Date(clock.now()).toISOString(),
        },
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('replaces the text, shows it, and clears it: the call then answers 404', async () => {
    await cli('maintenance:set', 'First text');
    clock.advance(60_000);
    await cli('maintenance:set', 'Second text');
    const shown = await cli('maintenance:show', '--json');
    expect(JSON.parse(shown.out)).toEqual({
      message: 'Second text',
      updated_at: new Date(clock.now()).toISOString(),
    });
    expect((await fetchMessage(servers[1]!)).body).toMatchObject({ message: 'Second text' });

    expect(await cli('maintenance:clear')).toMatchObject({ code: 0, out: 'maintenance message removed\n' });
    const gone = await fetchMessage(servers[0]!);
    expect({ status: gone.status, body: gone.body }).toEqual({ status: 404, body: { err: ERR.notFound } });
    expect((await cli('maintenance:clear')).out).toBe('there was no maintenance message\n');
    expect((await cli('maintenance:show')).out).toBe('no maintenance message\n');
  });

  it('refuses an empty or too long text and keeps the current one', async () => {
    await cli('maintenance:set', 'Kept');
    for (const text of ['   ', 'x'.repeat(MAINTENANCE_MESSAGE_MAX_LENGTH + 1)]) {
      const run = await cli('maintenance:set', text);
      expect(run.code).toBe(2);
      expect(run.err).toMatch(/^error: bad input: <text>: the maintenance message must/);
    }
    expect((await cli('maintenance:set')).err).toBe('error: maintenance:set: missing <text>\n');
    expect((await fetchMessage(servers[0]!)).body).toMatchObject({ message: 'Kept' });
  });

  it('takes a text that starts with -- after a --', async () => {
    expect((await cli('maintenance:set', '--', '--- closed today ---')).code).toBe(0);
    expect((await fetchMessage(servers[0]!)).body).toMatchObject({ message: '--- closed today ---' });
  });
});
