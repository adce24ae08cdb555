// The back office's player calls (docs/api.md "Players"): a manager's edits of a player's identity and
// daily limit, and their exclusion (to a last day, indefinitely, lifted), the venue's player search, and the venue's player settings on
// `POST /a/manager/account/:id`. The venue's manager or an admin only; another venue's manager or a
// cashier 403, another venue's player 404.
import { ERR, type Account, type Player } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { answer, cashierClient } from '../helpers/cashier.js';
import { DAY, FakeClock } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createVenue } from '../helpers/factories.js';
import type { TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cashFor, LONG_SESSIONS, longSession, lookup, newCard, playerAudit, registered } from './support.js';

describe.each(testDatabases)("the back office's player calls on $name", (database) => {
  // 10:00 UTC: the gaming day 2026-11-22 of a venue on UTC whose day starts at 06:00 (the defaults).
  const clock = new FakeClock(Date.UTC(2026, 10, 22, 10));
  const suite = useTestServer(database, { clock, config: LONG_SESSIONS });
  let venueId: number;
  let otherVenueId: number;
  let till: TestClient;
  let otherTill: TestClient;
  let manager: TestClient;
  let managerLogin: string;
  let otherManager: TestClient;
  let admin: TestClient;
  let cabinetId: number;
  let place = 0;
  /** A seat of the venue's cabinet no other test has used. */
  const freshPlace = () => ++place;

  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { float: 100_000_00 })).id;
    otherVenueId = (await createVenue(suite.db, { float: 100_000_00 })).id;
    ({ client: till } = await longSession(suite.server, suite.db, 'cashier', venueId));
    ({ client: otherTill } = await longSession(suite.server, suite.db, 'cashier', otherVenueId));
    ({ client: manager, login: managerLogin } = await longSession(
      suite.server,
      suite.db,
      'manager',
      venueId,
    ));
    otherManager = (await longSession(suite.server, suite.db, 'manager', otherVenueId)).client;
    admin = (await longSession(suite.server, suite.db, 'admin', null)).client;
    cabinetId = (await createLinkedDevice(suite.db, { account_id: venueId, places: 8 })).id;
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  const exclusion = (client: TestClient, accountId: number, playerId: number, body: unknown) =>
    client.post<Player & { err?: string }>(
      `/a/manager/account/${accountId}/players/${playerId}/exclusion`,
      body,
    );
  const search = (client: TestClient, accountId: number, query: string) =>
    client.get<Player[]>(`/a/manager/account/${accountId}/players${query}`);

  describe('identity and limit', () => {
    it("records a player's identity and lowers their limit, audited under the manager's login", async () => {
      const player = await registered(till);
      const edited = await manager.post<Player>(`/a/manager/account/${venueId}/players/${player.id}`, {
        name: 'Rosa Ortiz',
        document_kind: 'passport',
        document_number: 'P7788',
      });
      expect(answer(edited)).toMatchObject({
        status: 200,
        body: { id: player.id, name: 'Rosa Ortiz', document_number: 'P7788' },
      });
      const limited = await manager.post<Player>(`/a/manager/account/${venueId}/players/${player.id}/limit`, {
        daily_limit: 50_00,
      });
      expect(answer(limited)).toMatchObject({ status: 200, body: { daily_limit: 50_00 } });
      // The till's deposit obeys it at once: one cent above what is left is refused.
      expect(answer(await cashFor(till, cabinetId, freshPlace(), 50_01, player.id))).toEqual({
        status: 422,
        body: { err: ERR.depositLimit, left: 50_00 },
      });
      const audit = await playerAudit(suite.db, player.id);
      expect(audit.slice(1).map((a) => [a.action, a.actor_login])).toEqual([
        ['player.identity', managerLogin],
        ['player.limit', managerLogin],
      ]);
      // The audit names what changed, never the values.
      expect(audit.map((a) => a.raw).join(' ')).not.toContain('P7788');
      // Another venue's manager: refused before anything is read.
      const theirs = await otherManager.post(`/a/manager/account/${venueId}/players/${player.id}`, {
        name: 'X',
      });
      expect(theirs.status).toBe(403);
    });
  });

  describe('exclusion', () => {
    it('excludes a player to a last day: their deposits are refused to its end, then taken again', async () => {
      const player = await registered(till);
      const res = await exclusion(manager, venueId, player.id, { until: '2026-11-23' });
      expect(answer(res)).toMatchObject({
        status: 200,
        body: { id: player.id, excluded: true, excluded_until: '2026-11-23' },
      });
      const seat = freshPlace();
      expect(answer(await cashFor(till, cabinetId, seat, 10_00, player.id))).toEqual({
        status: 403,
        body: { err: ERR.playerExcluded, until: '2026-11-23' },
      });
      expect((await lookup(till, player.card)).body).toMatchObject({
        excluded: true,
        excluded_until: '2026-11-23',
      });
      const now = clock.now();
      try {
        // The last day's gaming day still excludes; the next one (from 06:00 on the 24th) does not.
        clock.set(Date.UTC(2026, 10, 24, 5, 59));
        expect((await cashFor(till, cabinetId, seat, 10_00, player.id)).status).toBe(403);
        clock.set(Date.UTC(2026, 10, 24, 6));
        expect((await lookup(till, player.card)).body).toMatchObject({
          excluded: false,
          excluded_until: null,
        });
        expect((await cashFor(till, cabinetId, seat, 10_00, player.id)).status).toBe(200);
      } finally {
        clock.set(now);
      }
    });

    it('excludes a player indefinitely, and a lift ends it', async () => {
      const player = await registered(till);
      const res = await exclusion(manager, venueId, player.id, { until: null });
      expect(answer(res)).toMatchObject({ status: 200, body: { excluded: true, excluded_until: null } });
      const seat = freshPlace();
      const now = clock.now();
      try {
        clock.set(now + 20 * DAY);
        expect(answer(await cashFor(till, cabinetId, seat, 10_00, player.id))).toEqual({
          status: 403,
          body: { err: ERR.playerExcluded, until: null },
        });
      } finally {
        clock.set(now);
      }
      const lifted = await exclusion(manager, venueId, player.id, { lift: true });
      expect(answer(lifted)).toMatchObject({ status: 200, body: { excluded: false, excluded_until: null } });
      expect((await cashFor(till, cabinetId, seat, 10_00, player.id)).status).toBe(200);
    });

    it('writes exclusions and lifts to the audit log with the manager as actor; one that changes nothing writes none', async () => {
      const player = await registered(till);
      await exclusion(manager, venueId, player.id, { until: '2026-12-31' });
      await exclusion(manager, venueId, player.id, { until: '2026-12-31' });
      await exclusion(admin, venueId, player.id, { until: null });
      await exclusion(manager, venueId, player.id, { lift: true });
      await exclusion(manager, venueId, player.id, { lift: true });
      const rows = (await playerAudit(suite.db, player.id)).slice(1);
      expect(
        rows.map(({ action, before, after, account_id }) => ({ action, before, after, account_id })),
      ).toEqual([
        {
          action: 'player.exclude',
          before: { excluded: false, excluded_until: null },
          after: { excluded: true, excluded_until: '2026-12-31' },
          account_id: venueId,
        },
        {
          action: 'player.exclude',
          before: { excluded_until: '2026-12-31' },
          after: { excluded_until: null },
          account_id: venueId,
        },
        {
          action: 'player.exclusion_lift',
          before: { excluded: true },
          after: { excluded: false },
          account_id: venueId,
        },
      ]);
      expect(rows[0]!.actor_login).toBe(managerLogin);
      // The venue's manager reads them in the venue's audit log, the player named by their card.
      const audit = await manager.get<{ action: string; target_type: string; target_name: string | null }[]>(
        `/a/manager/account/${venueId}/audit`,
      );
      expect(audit.body.find((e) => e.action === 'player.exclusion_lift')).toMatchObject({
        target_type: 'player',
        target_name: player.card,
      });
    });

    it('refuses a last day before today, and bodies that are no exclusion, with 400 validation', async () => {
      const player = await registered(till);
      for (const body of [
        { until: '2026-11-21' },
        { until: '2026-02-30' },
        { until: 'tomorrow' },
        { lift: false },
        { until: null, lift: true },
        {},
      ]) {
        const res = await exclusion(manager, venueId, player.id, body);
        expect(answer(res), JSON.stringify(body)).toMatchObject({
          status: 400,
          body: { err: ERR.validation },
        });
      }
      // Today's gaming day is a last day like any other.
      expect((await exclusion(manager, venueId, player.id, { until: '2026-11-22' })).body).toMatchObject({
        excluded: true,
        excluded_until: '2026-11-22',
      });
    });

    it("answers 404 for another venue's player named in the manager's own venue, and changes nothing", async () => {
      const theirs = await registered(otherTill);
      expect(answer(await exclusion(manager, venueId, theirs.id, { until: null }))).toEqual({
        status: 404,
        body: { err: ERR.notFound },
      });
      expect(answer(await exclusion(manager, venueId, 2147483647, { until: null }))).toEqual({
        status: 404,
        body: { err: ERR.notFound },
      });
      expect((await lookup(otherTill, theirs.card)).body).toMatchObject({ excluded: false });
    });

    it('refuses a manager of another venue and a cashier (403 Forbidden); an admin may', async () => {
      const player = await registered(till);
      expect(answer(await exclusion(otherManager, venueId, player.id, { until: null }))).toEqual({
        status: 403,
        body: { err: ERR.forbidden },
      });
      expect(answer(await exclusion(till, venueId, player.id, { until: null }))).toEqual({
        status: 403,
        body: { err: ERR.forbidden },
      });
      expect((await lookup(till, player.card)).body).toMatchObject({ excluded: false });
      expect((await exclusion(admin, venueId, player.id, { until: null })).body).toMatchObject({
        excluded: true,
      });
    });
  });

  describe('search', () => {
    let ana: Player;
    let bea: Player;
    let carl: Player;
    beforeAll(async () => {
      ana = await registered(till, { card: newCard(), name: 'Ana Search-Smith', document_number: 'ZZ-100' });
      bea = await registered(till, { card: 'SEARCH-BEA-1', name: 'Bea Jones' });
      carl = await registered(till, { card: newCard(), name: 'Carl 100% Real', document_number: 'qq_7' });
      await registered(otherTill, { name: 'Ana Search-Smith', document_number: 'ZZ-100' });
    });

    it('finds players by card, name or document number, in any case, newest first', async () => {
      const byName = await search(manager, venueId, '?q=search-smith');
      expect(byName.status).toBe(200);
      expect(byName.body.map((p) => p.id)).toEqual([ana.id]);
      expect((await search(manager, venueId, '?q=search-bea')).body.map((p) => p.id)).toEqual([bea.id]);
      expect((await search(manager, venueId, '?q=zz-1')).body.map((p) => p.id)).toEqual([ana.id]);
      // One q can match several, each by another column: newest first.
      expect((await search(manager, venueId, '?q=SEARCH')).body.map((p) => p.id)).toEqual([bea.id, ana.id]);
      expect(
        (await search(admin, venueId, `?q=${encodeURIComponent(' jones ')}`)).body.map((p) => p.id),
      ).toEqual([bea.id]);
    });

    it('finds a name or document by its plain letters or its accents, in any case, and by an edited name', async () => {
      const jose = await registered(till, { card: newCard(), name: 'José Núñez', document_number: 'ÑU-55' });
      await registered(otherTill, { name: 'José Núñez' });
      const found = async (q: string) =>
        (await search(manager, venueId, `?q=${encodeURIComponent(q)}`)).body.map((p) => p.id);
      for (const q of ['jose', 'JOSÉ', 'nunez', 'Núñez', 'NU-55', 'ñu-5', 'josé núñez']) {
        expect(await found(q)).toEqual([jose.id]);
      }
      expect(await found('jase')).toEqual([]);
      const renamed = await manager.post<Player>(`/a/manager/account/${venueId}/players/${jose.id}`, {
        name: 'João Ribeiro',
      });
      expect(renamed.status).toBe(200);
      expect(await found('joao')).toEqual([jose.id]);
      expect(await found('jose')).toEqual([]);
      // The document number was not edited: still found by it.
      expect(await found('nu-55')).toEqual([jose.id]);
    });

    it('takes % and _ in q as themselves, not as patterns', async () => {
      expect(
        (await search(manager, venueId, `?q=${encodeURIComponent('100%')}`)).body.map((p) => p.id),
      ).toEqual([carl.id]);
      expect((await search(manager, venueId, '?q=qq_7')).body.map((p) => p.id)).toEqual([carl.id]);
      expect((await search(manager, venueId, '?q=qqx7')).body).toEqual([]);
      expect((await search(manager, venueId, `?q=${encodeURIComponent('%')}`)).body.map((p) => p.id)).toEqual(
        [carl.id],
      );
    });

    it('lists the newest players without q, at most limit of them', async () => {
      const listed = await search(manager, venueId, '?limit=2');
      expect(listed.body).toHaveLength(2);
      expect(listed.body[0]!.id).toBeGreaterThan(listed.body[1]!.id);
      expect(listed.body.every((p) => p.account_id === venueId)).toBe(true);
    });

    it("never shows another venue's players", async () => {
      const found = await search(manager, venueId, '?q=ana');
      expect(found.body.every((p) => p.account_id === venueId)).toBe(true);
      const theirs = await search(otherManager, otherVenueId, '?q=ana');
      expect(theirs.body.map((p) => p.account_id)).toEqual([otherVenueId]);
    });

    it('refuses a bad query with 400, and another venue or a cashier with 403', async () => {
      for (const query of [
        '?q=',
        '?limit=0',
        '?limit=201',
        '?limit=ten',
        '?page=2',
        `?q=${'x'.repeat(121)}`,
      ]) {
        expect(answer(await search(manager, venueId, query)), query).toMatchObject({
          status: 400,
          body: { err: ERR.validation },
        });
      }
      expect(answer(await search(otherManager, venueId, '?q=ana'))).toEqual({
        status: 403,
        body: { err: ERR.forbidden },
      });
      expect(answer(await search(till, venueId, '?q=ana'))).toEqual({
        status: 403,
        body: { err: ERR.forbidden },
      });
    });
  });

  describe("the venue's player settings", () => {
    it('stores the default limit, the cooling-off and the cash report thresholds, and shows them in the account', async () => {
      const venue = (await createVenue(suite.db)).id;
      const set = await admin.post<Account>(`/a/manager/account/${venue}`, {
        player_daily_limit: 200_00,
        limit_cooling_off_hours: 48,
        cash_log_above: 3_000_00,
        cash_report_above: 10_000_00,
      });
      const settings = {
        player_daily_limit: 200_00,
        limit_cooling_off_hours: 48,
        cash_log_above: 3_000_00,
        cash_report_above: 10_000_00,
      };
      expect(answer(set)).toMatchObject({ status: 200, body: settings });
      expect((await admin.get(`/a/manager/account/${venue}`)).body).toMatchObject(settings);
      const off = await admin.post<Account>(`/a/manager/account/${venue}`, {
        player_daily_limit: null,
        cash_log_above: null,
        cash_report_above: null,
      });
      expect(off.body).toMatchObject({
        player_daily_limit: null,
        limit_cooling_off_hours: 48,
        cash_log_above: null,
        cash_report_above: null,
      });
      for (const body of [
        { limit_cooling_off_hours: 721 },
        { player_daily_limit: -1 },
        { cash_log_above: 1.5 },
      ]) {
        expect((await admin.post(`/a/manager/account/${venue}`, body)).status, JSON.stringify(body)).toBe(
          400,
        );
      }
    });

    it("applies the venue's default limit to a player without their own, and its cooling-off to a raise", async () => {
      const venue = (await createVenue(suite.db, { float: 10_000_00 })).id;
      const { client } = await cashierClient(suite.server, suite.db, venue);
      const cabinet = (await createLinkedDevice(suite.db, { account_id: venue })).id;
      await admin.post(`/a/manager/account/${venue}`, {
        player_daily_limit: 50_00,
        limit_cooling_off_hours: 2,
      });
      const player = await registered(client);
      expect((await lookup(client, player.card)).body).toMatchObject({
        daily_limit: null,
        limit_left: 50_00,
      });
      expect(answer(await cashFor(client, cabinet, 1, 60_00, player.id))).toEqual({
        status: 422,
        body: { err: ERR.depositLimit, left: 50_00 },
      });
      const raised = await client.post<Player>(`/a/cashier/players/${player.id}/limit`, {
        daily_limit: 80_00,
      });
      expect(raised.body.limit_raise).toEqual({
        daily_limit: 80_00,
        at: new Date(clock.now() + 2 * 3_600_000).toISOString(),
      });
    });

    it('writes the settings to the audit log as any account setting', async () => {
      const venue = (await createVenue(suite.db)).id;
      await admin.post(`/a/manager/account/${venue}`, { player_daily_limit: 70_00 });
      const rows = await suite.db.kysely
        .selectFrom('audit_log')
        .select(['action', 'before_json', 'after_json'])
        .where('target_type', '=', 'account')
        .where('target_id', '=', venue)
        .orderBy('id')
        .execute();
      expect(
        rows.map((r) => ({
          ...r,
          before_json: JSON.parse(r.before_json!),
          after_json: JSON.parse(r.after_json!),
        })),
      ).toEqual([
        {
          action: 'account.update',
          before_json: { player_daily_limit: null },
          after_json: { player_daily_limit: 70_00 },
        },
      ]);
    });
  });
});
