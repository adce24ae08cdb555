// One stream's reconnect delay: after a server restart every terminal's stream breaks at once, and each
// must come back at its own moment, about one poll period later, not all in the same instant. And what a
// stream tells of a change of the approvals (four eyes): the till's and the back office's. And a device's
// own stream (StateStream): a state read afresh, one read at a time, at most one per window.
import { PassThrough } from 'node:stream';
import { LIVE_COALESCE_MS, POLL_INTERVAL_MS, type DevicePayment } from '@cashdesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Change } from '../../src/live/change-feed.js';
import { LiveStream, reconnectDelayMs, StateStream } from '../../src/live/live-stream.js';

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

/** The messages a stream wrote, as JSON, once its coalescing timer has run. */
function messagesOf(body: PassThrough): unknown[] {
  const text = String(body.read() ?? '');
  return [...text.matchAll(/^event: change\ndata: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as unknown);
}

describe('a change of the approvals (four eyes) on the streams', () => {
  afterEach(() => vi.useRealTimers());

  const approvals = (device_ids: number[]): Change => ({
    account_id: 1,
    float: false,
    device_ids,
    approvals: true,
  });

  it("tells a till's stream `approvals` with the device, merged with what else changed in the second", () => {
    vi.useFakeTimers();
    const body = new PassThrough();
    const stream = new LiveStream(body, Date.now, Math.random, 5);
    stream.onChange({ account_id: 1, float: false, device_ids: [8] });
    stream.onChange(approvals([7]));
    vi.advanceTimersByTime(LIVE_COALESCE_MS);
    expect(messagesOf(body)).toEqual([{ float: false, devices: [8, 7], approvals: true }]);

    // The next message, of a game event alone, says nothing of approvals again.
    stream.onChange({ account_id: 1, float: false, device_ids: [8] });
    vi.advanceTimersByTime(LIVE_COALESCE_MS);
    expect(messagesOf(body)).toEqual([{ float: false, devices: [8] }]);
  });

  it("tells a till nothing of an approvals change naming no device; the back office's stream hears it", () => {
    vi.useFakeTimers();
    const till = new PassThrough();
    const office = new PassThrough();
    const tillStream = new LiveStream(till, Date.now, Math.random, 5);
    const officeStream = new LiveStream(office, Date.now, Math.random, null, true);
    for (const stream of [tillStream, officeStream]) stream.onChange(approvals([]));
    vi.advanceTimersByTime(LIVE_COALESCE_MS);
    expect(messagesOf(till)).toEqual([]);
    expect(messagesOf(office)).toEqual([{ float: false, devices: [], approvals: true }]);
  });

  it('keeps the message of every other change without the field', () => {
    vi.useFakeTimers();
    const body = new PassThrough();
    const stream = new LiveStream(body, Date.now, Math.random, null, true);
    stream.onChange({ account_id: 1, float: true, device_ids: [] });
    vi.advanceTimersByTime(LIVE_COALESCE_MS);
    expect(messagesOf(body)).toEqual([{ float: true, devices: [] }]);
  });
});

describe("game play on a till's stream: `played` and the cabinets' `payments`", () => {
  afterEach(() => vi.useRealTimers());

  const played = (id: number): Change => ({
    account_id: 1,
    float: false,
    device_ids: [id],
    played_ids: [id],
  });

  /** A till's stream whose payment reads answer when the test says, each with the ids it was asked. */
  function tillStream() {
    vi.useFakeTimers();
    const body = new PassThrough();
    const reads: { ids: readonly number[]; answer: (p: DevicePayment[] | Error) => void }[] = [];
    const read = (ids: readonly number[]) =>
      new Promise<DevicePayment[]>((resolve, reject) =>
        reads.push({ ids, answer: (p) => (p instanceof Error ? reject(p) : resolve(p)) }),
      );
    const stream = new LiveStream(body, Date.now, Math.random, 5, false, read);
    return { stream, reads, sent: () => messagesOf(body) };
  }

  it('names the devices that only played, with the payments read when the message goes out', async () => {
    const { stream, reads, sent } = tillStream();
    stream.onChange(played(7));
    stream.onChange(played(8));
    stream.onChange(played(7));
    // 9 played and was renamed in the same second: its row needs the list, so it is no `played` device.
    stream.onChange(played(9));
    stream.onChange({ account_id: 1, float: false, device_ids: [9] });
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS);
    expect(reads.map((r) => r.ids)).toEqual([[7, 8]]);
    expect(sent()).toEqual([]); // nothing before its payments are read
    reads[0]!.answer([
      { id: 7, payment: 120 },
      { id: 8, payment: 0 },
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([
      {
        float: false,
        devices: [7, 8, 9],
        played: [7, 8],
        payments: [
          { id: 7, payment: 120 },
          { id: 8, payment: 0 },
        ],
      },
    ]);
  });

  it('sends the next message only after the one being read, so a payment never goes back in time', async () => {
    const { stream, reads, sent } = tillStream();
    stream.onChange(played(7));
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS);
    stream.onChange(played(7));
    await vi.advanceTimersByTimeAsync(3 * LIVE_COALESCE_MS);
    expect(reads).toHaveLength(1); // the second waits for the first read
    reads[0]!.answer([{ id: 7, payment: 100 }]);
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS);
    expect(reads).toHaveLength(2);
    reads[1]!.answer([{ id: 7, payment: 90 }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent().map((m) => (m as { payments: unknown }).payments)).toEqual([
      [{ id: 7, payment: 100 }],
      [{ id: 7, payment: 90 }],
    ]);
  });

  it('names the devices as any change does when the read fails: the till asks for its list', async () => {
    const { stream, reads, sent } = tillStream();
    stream.onChange(played(7));
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS);
    reads[0]!.answer(new Error('connection lost'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([{ float: false, devices: [7] }]);
  });

  it('leaves `payments` out when no device read is one the till lists (a phone), and reads nothing else', async () => {
    const { stream, reads, sent } = tillStream();
    stream.onChange({ account_id: 1, float: true, device_ids: [3] });
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS);
    expect(reads).toHaveLength(0);
    stream.onChange(played(11));
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS);
    reads[0]!.answer([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([
      { float: true, devices: [3] },
      { float: false, devices: [11], played: [11] },
    ]);
  });

  it("tells the back office's stream `played` without reading anything", () => {
    vi.useFakeTimers();
    const body = new PassThrough();
    const stream = new LiveStream(body, Date.now, Math.random, null, true);
    stream.onChange(played(7));
    vi.advanceTimersByTime(LIVE_COALESCE_MS);
    expect(messagesOf(body)).toEqual([{ float: false, devices: [7], played: [7] }]);
  });
});

describe("a device's own stream (StateStream)", () => {
  afterEach(() => vi.useRealTimers());

  const ofDevice = (id: number): Change => ({
    account_id: 1,
    float: true,
    device_ids: [id],
    device_state_ids: [id],
  });

  /** A stream of device 7 whose reads answer when the test says, counted. */
  function deviceStream() {
    vi.useFakeTimers();
    const body = new PassThrough();
    const reads: Array<(state: unknown) => void> = [];
    const read = () => new Promise<unknown>((resolve) => reads.push(resolve));
    const stream = new StateStream(body, read, (c) => (c.device_state_ids ?? []).includes(7));
    const sent = () =>
      [...String(body.read() ?? '').matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map((m) => [
        m[1],
        JSON.parse(m[2]!),
      ]);
    return { stream, reads, sent };
  }

  it('says hello with the state it read, then one read and one message per window, however many changes', async () => {
    const { stream, reads, sent } = deviceStream();
    stream.hello();
    reads[0]!({ n: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([['hello', { n: 0 }]]);

    for (let i = 0; i < 5; i++) stream.onChange(ofDevice(7));
    stream.onChange(ofDevice(8)); // another device's: nothing to this one
    stream.onChange({ account_id: 1, float: false, device_ids: [7] }); // its own game: not its state
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS);
    expect(reads).toHaveLength(2);
    reads[1]!({ n: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([['state', { n: 1 }]]);
    await vi.advanceTimersByTimeAsync(5 * LIVE_COALESCE_MS);
    expect(reads).toHaveLength(2);
  });

  it('reads again after a read under way when a change came meanwhile, never two at once', async () => {
    const { stream, reads, sent } = deviceStream();
    stream.hello();
    stream.onChange(ofDevice(7)); // during the hello's read
    await vi.advanceTimersByTimeAsync(3 * LIVE_COALESCE_MS);
    expect(reads).toHaveLength(1);
    reads[0]!({ n: 0 });
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS);
    expect(reads).toHaveLength(2);
    reads[1]!({ n: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([
      ['hello', { n: 0 }],
      ['state', { n: 1 }],
    ]);
  });
});
