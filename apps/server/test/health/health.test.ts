// /healthz (the process answers) and /readyz (its database answers): what a load balancer or an
// orchestrator polls. Ready turns 503 when the database is gone, and the log line says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { testDatabases } from '../helpers/databases.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe.each(testDatabases)('health on $name', (database) => {
  let db: Db;
  let server: TestServer;
  const logs: string[] = [];

  beforeAll(async () => {
    db = await database.open();
    server = await startTestServer(db, {
      config: { logLevel: 'info' },
      logStream: { write: (l) => void logs.push(l) },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('is live and ready while the database answers', async () => {
    const client = server.client({ base: server.baseUrl });
    expect((await client.get('/healthz')).body).toEqual({ ok: true });
    expect(await client.get('/readyz')).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('stays live but is not ready (503) once the database is gone, and logs it with the request id', async () => {
    await db.close();
    const client = server.client({ base: server.baseUrl });
    expect((await client.get('/healthz')).status).toBe(200);
    const ready = await client.get('/readyz');
    expect(ready).toMatchObject({ status: 503, body: { ok: false } });
    const line = logs
      .map((l) => JSON.parse(l) as { msg: string; reqId?: string })
      .find((l) => l.msg === 'database not ready');
    expect(line?.reqId).toBe(ready.headers.get('x-request-id'));
  });
});
