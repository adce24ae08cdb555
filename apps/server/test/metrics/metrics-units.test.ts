// The pieces of /metrics that need no server: who may read it, and the batch-size histogram the
// ledger's batch observer feeds.
import { describe, expect, it } from 'vitest';
import { ERR } from '@cashdesk/contract';
import { ApiError } from '../../src/http/api-error.js';
import { replayOutcome, requestHash } from '../../src/ledger/idempotency.js';
import { ok, refusal } from '../../src/ledger/outcome.js';
import type { PlaceCashInput } from '../../src/ledger/ledger.service.js';
import { outcomeOf, outcomeOfError, placeCashKind } from '../../src/metrics/metered-ledger.js';
import { bearerMatches, isLoopbackAddress, metricsAccess } from '../../src/metrics/metrics-access.js';
import { ServerMetrics } from '../../src/metrics/server-metrics.js';
import { parseSamples, valueOf } from './scrape.js';

describe('metrics access', () => {
  const token = 'sixteen-chars-long!';
  const open = { token: null, trustProxy: false };

  it('lets loopback clients in, IPv4, IPv6 and IPv4-mapped', () => {
    for (const ip of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(ip)).toBe(true);
      expect(metricsAccess({ ip, headers: {} }, open)).toBe('allowed');
    }
    for (const ip of ['10.0.0.1', '::ffff:10.0.0.1', '192.168.1.2', '2001:db8::1']) {
      expect(metricsAccess({ ip, headers: {} }, open)).toBe('not-found');
    }
  });

  it('wants the exact bearer token from anyone else', () => {
    const remote = (authorization?: string) =>
      metricsAccess({ ip: '10.0.0.1', headers: { authorization } }, { token, trustProxy: true });
    expect(remote(`Bearer ${token}`)).toBe('allowed');
    expect(remote(`bearer ${token}`)).toBe('allowed');
    expect(remote(undefined)).toBe('unauthorized');
    expect(remote(token)).toBe('unauthorized');
    expect(remote(`Bearer ${token.slice(1)}`)).toBe('unauthorized');
    expect(bearerMatches(['Bearer x'], 'x')).toBe(false);
  });

  it('counts a forwarded request as remote unless the proxy is trusted', () => {
    const forwarded = { ip: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } };
    expect(metricsAccess(forwarded, open)).toBe('not-found');
    expect(metricsAccess({ ...forwarded, headers: { forwarded: 'for=1.2.3.4' } }, open)).toBe('not-found');
    expect(metricsAccess(forwarded, { token: null, trustProxy: true })).toBe('allowed');
  });
});

describe('ledger batch sizes', () => {
  it('observeLedgerBatch fills the histogram a scrape shows', async () => {
    const metrics = new ServerMetrics({ openLiveStreams: () => 0, pools: () => null, floor: async () => [] });
    metrics.observeLedgerBatch(1);
    metrics.observeLedgerBatch(3);
    metrics.observeLedgerBatch(40);
    const samples = parseSamples(await metrics.render());
    expect(valueOf(samples, 'cashdesk_ledger_batch_size_count')).toBe(3);
    expect(valueOf(samples, 'cashdesk_ledger_batch_size_sum')).toBe(44);
    expect(valueOf(samples, 'cashdesk_ledger_batch_size_bucket', { le: '4' })).toBe(2);
  });
});

describe('how a ledger operation counts', () => {
  const cash = (delta: number, remote: boolean): PlaceCashInput => ({
    account_id: 1,
    user_id: 1,
    device_id: 1,
    device_uuid: 'u',
    place: 1,
    delta_cents: delta,
    trx: 't',
    remote_pin: remote ? '123456' : null,
  });
  const emptied = ok({ balances: { entries: 0, final_bonus: 0 } });
  const left = ok({ balances: { entries: 5_00, final_bonus: 0 } });

  it('names the kind of a cash call, a cash-out being the withdraw that empties the place', () => {
    expect(placeCashKind(cash(10_00, false), left)).toBe('deposit');
    expect(placeCashKind(cash(10_00, true), null)).toBe('remote_deposit');
    expect(placeCashKind(cash(-10_00, false), left)).toBe('withdraw');
    expect(placeCashKind(cash(-10_00, false), emptied)).toBe('cash_out');
    expect(placeCashKind(cash(-10_00, true), emptied)).toBe('remote_cash_out');
    expect(placeCashKind(cash(-10_00, true), refusal(ERR.notEnoughMoney))).toBe('remote_withdraw');
    expect(placeCashKind(cash(-10_00, false), null)).toBe('withdraw');
    // With the flag: a cash-out whatever the answer, a refused one included.
    const flagged = (remote: boolean): PlaceCashInput => ({ ...cash(-10_00, remote), cash_out: true });
    expect(placeCashKind(flagged(false), refusal(ERR.notEnoughMoney))).toBe('cash_out');
    expect(placeCashKind(flagged(true), null)).toBe('remote_cash_out');
    expect(placeCashKind(flagged(false), emptied)).toBe('cash_out');
  });

  it('tells applied, refused, replayed, conflict and error apart', () => {
    const stored = { request_hash: requestHash(['a']), status_code: 200, response_json: '{"x":1}' };
    expect(outcomeOf(ok({}))).toBe('applied');
    expect(outcomeOf(refusal(ERR.overdraft))).toBe('refused');
    expect(outcomeOf(replayOutcome(stored, requestHash(['a'])))).toBe('replayed');
    expect(outcomeOf(replayOutcome(stored, requestHash(['b'])))).toBe('conflict');
    // A stored refusal served again is a replay too: nothing was judged afresh.
    const storedRefusal = { ...stored, status_code: 422, response_json: '{"err":"overdraft"}' };
    expect(outcomeOf(replayOutcome(storedRefusal, requestHash(['a'])))).toBe('replayed');
    expect(outcomeOfError(new ApiError(ERR.wrongPin))).toBe('refused');
    expect(outcomeOfError(new Error('connection lost'))).toBe('error');
  });
});
