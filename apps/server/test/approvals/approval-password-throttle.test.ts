// A manager's password on an approval decision (POST /a/manager/account/:id/approvals/:approval_id) is
// throttled as sign-in is (docs/security.md, "Sign-in throttling"; auth/password-check.ts): a wrong one
// counts as a failed sign-in of that login from that address, under the same keys and limits, and a
// locked login is refused 429 on both routes. The password is checked before the approval is looked up,
// so a wrong password or a lock answers the same for a missing, a pending and a decided approval.
import { ERR } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { answer, cash, cashierClient, linkCabinet, type LinkedDevice } from '../helpers/cashier.js';
import { FakeClock, SECOND } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import {
  clientForUser,
  createUserWithPassword,
  type TestClient,
  type TestResponse,
} from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

const PASSWORD = 'the manager knows this one';
const WRONG = 'a guess';
/** Sign-in's pair key (auth/throttle.ts): locked from the 5th failure of a login from one address, 30 s. */
const PAIR_THRESHOLD = 5;
const PAIR_LOCK_S = 30;
/** Sign-in's login key: locked from the 20th failure of a login from any addresses, 60 s. */
const LOGIN_THRESHOLD = 20;
const LOGIN_LOCK_S = 60;

describe.each(testDatabases)("the approval password under sign-in's throttle on $name", (database) => {
  let cashier: TestClient;
  let cabinet: LinkedDevice;
  let venueId: number;

  const clock = new FakeClock();
  // Trusting X-Forwarded-For, so a test can guess from many addresses (the login key).
  const suite = useTestServer(database, { clock, config: { enrollmentOpen: true, trustProxy: true } });
  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { float: 100_000_00 })).id;
    ({ client: cashier } = await cashierClient(suite.server, suite.db, venueId));
    const { user } = await createUserWithPassword(suite.db, { account_id: venueId, role: 'manager' });
    const settings = await (
      await clientForUser(suite.server, user)
    ).post(`/a/manager/account/${venueId}`, {
      approval_above: 100_00,
    });
    expect(settings.status).toBe(200);
    cabinet = await linkCabinet(suite.server, cashier);
    expect((await cash(cashier, cabinet.id, 1, 10_000_00)).status).toBe(200);
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  /** A manager of the venue with a password and a session, its calls from `address`; a fresh login each time. */
  async function newManager(address = '10.0.0.1') {
    const created = await createUserWithPassword(suite.db, {
      account_id: venueId,
      role: 'manager',
      password: PASSWORD,
    });
    const client = await clientForUser(suite.server, created.user, {
      client: { headers: { 'x-forwarded-for': address } },
    });
    return { login: created.login, client };
  }
  /** A browser at `address` with no session (a sign-in screen). */
  const browserAt = (address = '10.0.0.1') =>
    suite.server.client({ headers: { 'x-forwarded-for': address } });

  /** A withdraw above the venue's threshold, held for a manager: its approval's id. */
  async function pendingApproval(): Promise<string> {
    const held = await cash(cashier, cabinet.id, 1, -150_00);
    expect(held.status).toBe(202);
    return (held.body as { approval_id: string }).approval_id;
  }
  const decide = (client: TestClient, id: string, password: string, decision = 'approve') =>
    client.post(`/a/manager/account/${venueId}/approvals/${id}`, { decision, password });
  const statusOf = async (id: string) => {
    const list = await (
      await newManager()
    ).client.get<{ id: string; status: string }[]>(`/a/manager/account/${venueId}/approvals`);
    return list.body.find((a) => a.id === id)?.status;
  };
  /** A 429 as the user sees it: the body and the Retry-After header. */
  const refused = (res: TestResponse<unknown>) => ({
    ...answer(res),
    retryAfterHeader: res.headers.get('retry-after'),
  });
  const lockedFor = (seconds: number) => ({
    status: 429,
    body: { err: ERR.tooManyAttempts, retry_after: seconds },
    retryAfterHeader: String(seconds),
  });
  const wrongPassword = { status: 422, body: { err: ERR.wrongPassword } };

  it('checks the 5th failure of a login (sign-in and approvals together) and refuses the 6th on both routes', async () => {
    const { login, client } = await newManager();
    const id = await pendingApproval();
    // Two wrong sign-ins and two wrong approval passwords: four failures of the login from this address.
    for (let i = 0; i < 2; i++) {
      expect(answer(await browserAt().signIn(login, WRONG))).toEqual({
        status: 403,
        body: { err: ERR.userNotFound },
      });
      expect(answer(await decide(client, id, WRONG))).toEqual(wrongPassword);
    }
    // The 5th, the last one allowed: its password is still checked.
    expect(answer(await decide(client, id, WRONG))).toEqual(wrongPassword);
    // The 6th, the first one refused: even the right password is not looked at, and nothing is decided.
    expect(refused(await decide(client, id, PASSWORD))).toEqual(lockedFor(PAIR_LOCK_S));
    expect(refused(await browserAt().signIn(login, PASSWORD))).toEqual(lockedFor(PAIR_LOCK_S));
    expect(await statusOf(id)).toBe('pending');

    // Once the lock has passed, the right password decides.
    clock.advance(PAIR_LOCK_S * SECOND);
    expect(answer(await decide(client, id, PASSWORD))).toMatchObject({
      status: 200,
      body: { id, status: 'approved' },
    });
  });

  it('lets the 5th attempt through when it is right: four failures before it do not lock', async () => {
    const { login, client } = await newManager();
    const id = await pendingApproval();
    for (let i = 0; i < PAIR_THRESHOLD - 1; i++) {
      const res = i % 2 === 0 ? await decide(client, id, WRONG) : await browserAt().signIn(login, WRONG);
      expect(res.status).toBe(i % 2 === 0 ? 422 : 403);
    }
    expect(answer(await decide(client, id, PASSWORD))).toMatchObject({
      status: 200,
      body: { id, status: 'approved' },
    });
  });

  it('counts wrong approval passwords as failed sign-ins: after five, sign-in is 429 for the login', async () => {
    const { login, client } = await newManager();
    for (let i = 0; i < PAIR_THRESHOLD; i++) {
      expect(answer(await decide(client, 'no-such-approval', WRONG))).toEqual(wrongPassword);
    }
    expect(refused(await browserAt().signIn(login, PASSWORD))).toEqual(lockedFor(PAIR_LOCK_S));
    // Another address is not held by this pair: sign-in there still works.
    expect((await browserAt('10.0.0.2').signIn(login, PASSWORD)).status).toBe(200);
  });

  it('answers a missing, a pending and a decided approval alike to a wrong password and to a lock', async () => {
    const { client } = await newManager();
    const pending = await pendingApproval();
    const decided = await pendingApproval();
    expect((await decide(client, decided, PASSWORD, 'approve')).status).toBe(200);

    const wrong = [];
    for (const id of ['no-such-approval', pending, decided])
      wrong.push(answer(await decide(client, id, WRONG)));
    expect(wrong).toEqual([wrongPassword, wrongPassword, wrongPassword]);
    // Two more wrong ones lock the pair (five in all); then all three answer the same 429.
    expect(answer(await decide(client, pending, WRONG))).toEqual(wrongPassword);
    expect(answer(await decide(client, 'no-such-approval', WRONG))).toEqual(wrongPassword);
    const locked = [];
    for (const id of ['no-such-approval', pending, decided])
      locked.push(refused(await decide(client, id, PASSWORD)));
    expect(locked).toEqual([lockedFor(PAIR_LOCK_S), lockedFor(PAIR_LOCK_S), lockedFor(PAIR_LOCK_S)]);
    expect(await statusOf(pending)).toBe('pending');
  });

  it("counts under the login's key from any address: the 20th failure is checked, the 21st refused", async () => {
    const { login, client } = await newManager('10.1.0.1');
    const id = await pendingApproval();
    // 19 wrong sign-ins, each from an address of its own (no pair reaches its threshold).
    for (let i = 0; i < LOGIN_THRESHOLD - 1; i++) {
      expect((await browserAt(`10.2.0.${i + 1}`).signIn(login, WRONG)).status).toBe(403);
    }
    // The 20th, through the manager's session from yet another address: checked.
    expect(answer(await decide(client, id, WRONG))).toEqual(wrongPassword);
    // The 21st: refused from every address, on both routes, the right password too.
    expect(refused(await decide(client, id, PASSWORD))).toEqual(lockedFor(LOGIN_LOCK_S));
    expect(refused(await browserAt('10.3.0.1').signIn(login, PASSWORD))).toEqual(lockedFor(LOGIN_LOCK_S));
    expect(await statusOf(id)).toBe('pending');
  });
});
