// The pieces of /metrics that need no server: who may read it, and the batch-size histogram the
// ledger's batch observer feeds.
import { describe, expect, it } from 'vitest';
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
    const metrics = new ServerMetrics({ openLiveStreams: () => 0, pool: () => null });
    metrics.observeLedgerBatch(1);
    metrics.observeLedgerBatch(3);
    metrics.observeLedgerBatch(40);
    const samples = parseSamples(await metrics.render());
    expect(valueOf(samples, 'cashdesk_ledger_batch_size_count')).toBe(3);
    expect(valueOf(samples, 'cashdesk_ledger_batch_size_sum')).toBe(44);
    expect(valueOf(samples, 'cashdesk_ledger_batch_size_bucket', { le: '4' })).toBe(2);
  });
});
