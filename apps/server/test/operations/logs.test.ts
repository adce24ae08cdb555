// Logs: every line is JSON, every line written while a request is handled carries its request id (also
// sent back as X-Request-Id), and no line carries a password, a session token, a device token or a
// password hash, whatever the request. Answers never carry a stack trace; the log keeps it for operators.
import { ERR } from '@cashdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/api-error.js';
import { cash, linkCabinet, newTrx, sendEvent } from '../helpers/cashier.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { createSignedInUser } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  [key: string]: unknown;
}

describe.each(testDatabases)('logs on $name', (database) => {
  const raw: string[] = [];
  const secrets: string[] = [];
  const requestIds: string[] = [];

  const suite = useTestServer(database, {
    config: { enrollmentOpen: true, logLevel: 'debug' },
    logStream: { write: (line) => void raw.push(line) },
    extend: (app) => {
      app.get('/api/v1/probe/crash', async () => {
        throw new Error('database password=hunter2 leaked in an error message');
      });
      app.get('/api/v1/probe/refused', async () => {
        throw new ApiError(ERR.forbidden);
      });
    },
  });
  beforeAll(async () => {
    const venue = await createVenue(suite.db, { float: 100_00 });
    const password = 'a very secret passphrase';
    const cashier = await createSignedInUser(suite.server, {
      account_id: venue.id,
      password,
      restrictions: ['can_register_new_device'],
    });
    secrets.push(password, cashier.client.token!, cashier.user.password_hash);

    // A day's worth of traffic, good and bad, with the secrets in every place a client can put them.
    const device = await linkCabinet(suite.server, cashier.client);
    secrets.push(device.auth.authorization!.replace('Bearer ', ''));
    const calls = [
      cash(cashier.client, device.id, 1, 5_00),
      sendEvent(device, { place: 1, type: 3, amount: 1_00 }),
      cashier.client.get('/a/me'),
      suite.server.client().signIn(cashier.login, 'a wrong guess of the passphrase'),
      suite.server.client().post('/sign_in', { login: cashier.login, password, extra: password }),
      cashier.client.post('/a/change_password', { old: 'wrong old one', new: password }),
      cashier.client.request('POST', '/a/cashier/devices/1/place/1/update', {
        body: `{"delta":`,
        contentType: 'application/json',
      }),
      cashier.client.get('/probe/crash'),
      cashier.client.get('/probe/refused'),
      cashier.client.get(`/nothing-here?token=${cashier.client.token}`),
      suite.server.client().get('/a/me', { cookie: `x-token=${cashier.client.token}x` }),
      suite.server
        .client({ base: suite.server.baseUrl })
        .get('/device/state', { authorization: `Bearer ${secrets[3]}x` }),
    ];
    for (const res of await Promise.all(calls)) {
      requestIds.push(res.headers.get('x-request-id') ?? '');
      expect(JSON.stringify(res.body)).not.toMatch(/hunter2|\n\s+at |node_modules|stack/);
    }
    const signIn = await suite.server.client().signIn(cashier.login, password);
    expect(signIn.status).toBe(200);
    secrets.push(signIn.sessionCookie!.split(';')[0]!.split('=')[1]!);
    requestIds.push(signIn.headers.get('x-request-id') ?? '');
    expect(await cash(cashier.client, device.id, 1, -1_00, newTrx())).toMatchObject({ status: 200 });
  });

  const lines = () => raw.flatMap((chunk) => chunk.split('\n').filter((l) => l !== ''));

  it('writes every line as JSON with a level, a time and a message', () => {
    expect(lines().length).toBeGreaterThan(10);
    for (const line of lines()) {
      const parsed = JSON.parse(line) as LogLine;
      expect(parsed, line).toMatchObject({
        level: expect.any(Number),
        time: expect.any(Number),
        msg: expect.any(String),
      });
    }
  });

  it('gives every line of a request its request id, the one the answer carries as X-Request-Id', () => {
    const parsed = lines().map((l) => JSON.parse(l) as LogLine);
    for (const id of requestIds) {
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(parsed.filter((p) => p.reqId === id).length, id).toBeGreaterThan(0);
    }
    // Request lines and error lines are written inside a request: none may lack the id.
    for (const p of parsed.filter((l) => l.msg === 'request' || l.level >= 50))
      expect(p.reqId, JSON.stringify(p)).toBeDefined();
  });

  it('logs the unexpected error for operators (with its stack) while the answer says only Internal server error', () => {
    const crash = lines()
      .map((l) => JSON.parse(l) as LogLine & { err?: { message?: string; stack?: string } })
      .find((p) => p.msg === 'unexpected error');
    expect(crash?.err?.message).toContain('leaked in an error message');
    expect(crash?.reqId).toBeDefined();
  });

  it('never writes a password, a session or device token, or a password hash', () => {
    expect(secrets.length).toBe(5);
    for (const line of lines()) {
      for (const secret of secrets)
        expect(line.includes(secret), `${secret.slice(0, 6)}… in ${line}`).toBe(false);
    }
  });
});
