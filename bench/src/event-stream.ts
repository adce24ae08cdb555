// A push terminal's live-updates stream (`GET /a/cashier/events`, Server-Sent Events; or another path, as the
// back office's `GET /a/manager/account/:id/events`) on a connection of
// its own, as a browser's EventSource holds it beside the tab's calls: read as it arrives (undici Client,
// sse.ts parses), and opened again after the server's `retry:` delay when it fails or ends, as
// EventSource does.
import { performance } from 'node:perf_hooks';
import { API_BASE, type LiveChange } from '@cashdesk/contract';
import { Client } from 'undici';
import { parseChange, parseHello, SseParser } from './sse.js';

export const EVENTS_PATH = '/a/cashier/events';
/** EventSource's own reconnection delay until the server names one (browsers use a few seconds). */
const DEFAULT_RETRY_MS = 3_000;
/** Heartbeats come every 5 s (LIVE_HEARTBEAT_MS): a stream silent for this long is dead, and is opened again. */
const SILENCE_MS = 45_000;

export interface StreamEvents {
  /** An attempt to open the stream answered (or failed: status 0) after `latencyMs`, started at `at`. */
  opened(at: number, latencyMs: number, status: number): void;
  hello(hash: string): void;
  /** A `change` message, read at `at` (performance.now()). */
  change(change: LiveChange, at: number): void;
  /** The stream failed or ended while it should be open; it is opened again after the retry delay. */
  failed(reason: string): void;
}

export class EventStream {
  private readonly client: Client;
  private closed = false;
  private retryMs = DEFAULT_RETRY_MS;
  private timer: NodeJS.Timeout | null = null;
  /** The hello of the current connection arrived and the stream has not ended since. */
  live = false;

  constructor(
    baseUrl: string,
    private readonly cookie: string,
    private readonly events: StreamEvents,
    /** The stream's path under the API: the till's by default, or the back office's of a venue. */
    private readonly path: string = EVENTS_PATH,
  ) {
    this.client = new Client(baseUrl, {
      pipelining: 1,
      headersTimeout: 30_000,
      bodyTimeout: SILENCE_MS,
      keepAliveTimeout: 60_000,
    });
  }

  /** Opens the stream; resolves once its hello arrived or the attempt failed (a retry is then scheduled). */
  open(): Promise<void> {
    return new Promise<void>((resolve) => {
      void this.connect(resolve);
    });
  }

  private async connect(settled: () => void): Promise<void> {
    if (this.closed) return settled();
    const at = performance.now();
    let response: Awaited<ReturnType<Client['request']>>;
    try {
      response = await this.client.request({
        path: `${API_BASE}${this.path}`,
        method: 'GET',
        headers: { cookie: this.cookie, accept: 'text/event-stream' },
      });
    } catch (error) {
      this.events.opened(at, performance.now() - at, 0);
      this.fail(`request failed: ${(error as Error).message}`);
      return settled();
    }
    this.events.opened(at, performance.now() - at, response.statusCode);
    const type = String(response.headers['content-type'] ?? '');
    if (response.statusCode !== 200 || !type.startsWith('text/event-stream')) {
      const body = await response.body.text().catch(() => '');
      this.fail(`answered ${response.statusCode} ${type}: ${body.slice(0, 200)}`);
      return settled();
    }
    const parser = new SseParser();
    const body = response.body;
    // undici's body ignores setEncoding: decode here, keeping a character split across chunks for the next.
    const decoder = new TextDecoder();
    let ended = false;
    const end = (reason: string) => {
      if (ended) return;
      ended = true;
      this.live = false;
      // Free the connection (a stream left open would hold the Client's only socket), then reconnect.
      body.destroy();
      settled();
      this.fail(reason);
    };
    body.on('data', (chunk: Buffer) => {
      const read = performance.now();
      for (const item of parser.feed(decoder.decode(chunk, { stream: true }))) {
        // Comments (`: ping`, the heartbeat) only keep the body timeout from firing.
        if (item.kind === 'retry') this.retryMs = item.ms;
        else if (item.kind === 'comment') continue;
        else if (item.event === 'hello') {
          const hash = parseHello(item.data);
          if (hash === null) return end(`bad hello: ${item.data}`);
          this.live = true;
          this.events.hello(hash);
          settled();
        } else if (item.event === 'change') {
          const change = parseChange(item.data);
          if (change === null) return end(`bad change: ${item.data}`);
          this.events.change(change, read);
        }
      }
    });
    body.on('end', () => end('the server ended the stream'));
    body.on('error', (error: Error) => end(`stream error: ${error.message}`));
  }

  private fail(reason: string): void {
    this.live = false;
    if (this.closed) return;
    this.events.failed(reason);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect(() => undefined);
    }, this.retryMs);
  }

  /** Closes the stream for good (no reconnection). */
  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    if (this.timer) clearTimeout(this.timer);
    await this.client.destroy().catch(() => undefined);
  }
}
