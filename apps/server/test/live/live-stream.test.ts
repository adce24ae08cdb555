// One stream's reconnect delay: after a server restart every terminal's stream breaks at once, and each
// must come back at its own moment, about one poll period later, not all in the same instant.
import { PassThrough } from 'node:stream';
import { POLL_INTERVAL_MS } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { LiveStream, reconnectDelayMs } from '../../src/live/live-stream.js';

function helloOf(random: () => number): string {
  const body = new PassThrough();
  new LiveStream(body, Date.now, random).hello('build-1');
  return String(body.read());
}

describe('the stream reconnect delay', () => {
  it('tells the browser, before the hello, when to reconnect', () => {
    expect(helloOf(() => 0.5)).toBe(`retry: ${POLL_INTERVAL_MS}\nevent: hello\ndata: {"hash":"build-1"}\n\n`);
  });

  it('spreads from half to one and a half poll periods', () => {
    expect(reconnectDelayMs(() => 0)).toBe(POLL_INTERVAL_MS / 2);
    expect(reconnectDelayMs(() => 0.999_999)).toBe(Math.round(POLL_INTERVAL_MS * 1.5));
  });

  it('gives a fleet of streams different delays around one poll period', () => {
    const delays = Array.from({ length: 1_000 }, () => reconnectDelayMs());
    const mean = delays.reduce((sum, d) => sum + d, 0) / delays.length;
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(POLL_INTERVAL_MS / 2);
    expect(Math.max(...delays)).toBeLessThanOrEqual(POLL_INTERVAL_MS * 1.5);
    expect(new Set(delays).size).toBeGreaterThan(500);
    expect(Math.abs(mean - POLL_INTERVAL_MS)).toBeLessThan(POLL_INTERVAL_MS * 0.1);
  });
});
