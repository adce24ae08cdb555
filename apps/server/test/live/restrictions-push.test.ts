// A cashier's restrictions changed in the back office (admin or manager) or by the operator CLI reach that
// cashier's open terminals at once: their live-updates stream hears `me`, so the web
// refetches /a/me and hides what the cashier may no longer do. Colleagues' streams hear nothing of it.
import { liveChange } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs, type SignedIn } from '../back-office/support.js';
import { ALL_RESTRICTIONS, cashierClient } from '../helpers/cashier.js';
import { runCliCaptured } from '../helpers/cli.js';
import { postgresTestDatabase, testDatabases } from '../helpers/databases.js';
import { openEventStream, type OpenedStream } from '../helpers/event-stream.js';
import { createVenue } from '../helpers/factories.js';
import { type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

const QUIET_MS = 1_500;

async function listen(client: TestClient, streams: OpenedStream[]): Promise<OpenedStream> {
  const stream = await openEventStream(client);
  streams.push(stream);
  expect(stream.status).toBe(200);
  expect((await stream.next()).event).toBe('hello');
  return stream;
}

async function nextChange(stream: OpenedStream) {
  const message = await stream.next();
  expect(message.event).toBe('change');
  return liveChange.parse(message.data);
}

describe.each(testDatabases)('restriction changes pushed on $name', (database) => {
  let venueId: number;
  let cashier: { client: TestClient; id: number };
  let colleague: { client: TestClient; id: number };
  let admin: SignedIn;
  let manager: SignedIn;
  const streams: OpenedStream[] = [];

  const suite = useTestServer(database);
  beforeAll(async () => {
    venueId = (await createVenue(suite.db)).id;
    cashier = await cashierClient(suite.server, suite.db, venueId);
    colleague = await cashierClient(suite.server, suite.db, venueId);
    admin = await signedInAs(suite.server, suite.db, 'admin', null);
    manager = await signedInAs(suite.server, suite.db, 'manager', venueId);
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
  });

  it("tells the cashier's terminal of an admin's change, and the colleague's terminal nothing", async () => {
    const mine = await listen(cashier.client, streams);
    const theirs = await listen(colleague.client, streams);
    const without = ALL_RESTRICTIONS.filter((r) => r !== 'can_edit_device');
    const res = await admin.client.post(`/a/admin/user/${cashier.id}/set_restrictions`, {
      restrictions: without,
    });
    expect(res.status).toBe(200);
    expect(await nextChange(mine)).toEqual({ float: false, devices: [], me: true });
    await expect(theirs.next(QUIET_MS)).rejects.toThrow();
    // What the terminal then asks for says the right is gone.
    const me = await cashier.client.get<{ restrictions: string[] }>('/a/me');
    expect(me.body.restrictions).not.toContain('can_edit_device');
  });

  it("tells the cashier's terminal of a manager's change", async () => {
    const mine = await listen(cashier.client, streams);
    const path = `/a/manager/account/${venueId}/user/${cashier.id}/set_restrictions`;
    expect((await manager.client.post(path, { restrictions: ALL_RESTRICTIONS })).status).toBe(200);
    expect(await nextChange(mine)).toEqual({ float: false, devices: [], me: true });
  });

  it('tells nothing of a refused change', async () => {
    const mine = await listen(cashier.client, streams);
    const path = `/a/manager/account/${venueId}/user/${cashier.id}/set_restrictions`;
    expect((await manager.client.post(path, { restrictions: ['can_fly'] })).status).toBe(400);
    await expect(mine.next(QUIET_MS)).rejects.toThrow();
  });

  // The CLI is another process: its change reaches the server's streams through NOTIFY, on PostgreSQL only
  // (docs/live-updates.md, "Across server processes").
  it.skipIf(database !== postgresTestDatabase)(
    "tells the cashier's terminal of the CLI's user:restrictions",
    async () => {
      const mine = await listen(cashier.client, streams);
      const login = (
        await suite.db.kysely
          .selectFrom('users')
          .select('login')
          .where('id', '=', cashier.id)
          .executeTakeFirstOrThrow()
      ).login;
      const run = await runCliCaptured(suite.db, ['user:restrictions', login, 'can_edit_device']);
      expect(run.code).toBe(0);
      expect(await nextChange(mine)).toEqual({ float: false, devices: [], me: true });
    },
  );
});
