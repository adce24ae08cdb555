// One cashier terminal over HTTP: its own keep-alive connection (as a browser tab has) and its own
// session cookie, with timed calls. undici's Client is the HTTP/1.1 client behind Node's fetch, without
// fetch's per-call overhead, so the load generator stays light next to the server it measures.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { API_BASE } from '@cashdesk/contract';
import { Client, Pool } from 'undici';

export interface Answer {
  status: number;
  body: string;
  etag: string | null;
  latencyMs: number;
}

export class Terminal {
  private readonly client: Client | Pool;
  private cookie = '';

  /** `connections` above 1: a browser tab's several connections (a Pool), for calls that overlap. */
  constructor(baseUrl: string, options: { connections?: number } = {}) {
    // No pipelining: a browser sends a tab's calls on its connections one at a time each.
    const connections = options.connections ?? 1;
    this.client =
      connections > 1
        ? new Pool(baseUrl, { connections, pipelining: 1, keepAliveTimeout: 60_000 })
        : new Client(baseUrl, { pipelining: 1, keepAliveTimeout: 60_000 });
  }

  /** Signs in through the real route (Argon2 and all) and keeps the session cookie. */
  async signIn(login: string, password: string): Promise<void> {
    const answer = await this.call('POST', '/sign_in', { login, password, remember: false });
    if (answer.status !== 200)
      throw new Error(`sign-in of ${login} refused: ${answer.status} ${answer.body}`);
  }

  /** The session cookie as a request sends it ('' before sign-in): for a stream on another client. */
  get sessionCookie(): string {
    return this.cookie;
  }

  /** Uses a session token made straight in the database (for thousands of terminals, see polling.ts). */
  useSession(token: string): void {
    this.cookie = `x-token=${token}`;
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.call('GET', path, undefined, headers);
  }

  /** A deposit (delta > 0) or withdraw (< 0) with a new trx; rejects unless the server said 200. */
  async cash(deviceId: number, place: number, delta: number): Promise<Answer> {
    const answer = await this.call('POST', `/a/cashier/devices/${deviceId}/place/${place}/update`, {
      delta,
      trx: randomUUID(),
    });
    if (answer.status !== 200) throw new Error(`cash call refused: ${answer.status} ${answer.body}`);
    return answer;
  }

  async call(method: 'GET' | 'POST', path: string, json?: unknown, extra: Record<string, string> = {}) {
    const headers: Record<string, string> = { ...extra };
    if (this.cookie) headers.cookie = this.cookie;
    if (json !== undefined) headers['content-type'] = 'application/json';
    const start = performance.now();
    const response = await this.client.request({
      path: `${API_BASE}${path}`,
      method,
      headers,
      body: json === undefined ? null : JSON.stringify(json),
    });
    const body = await response.body.text();
    const latencyMs = performance.now() - start;
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    const token = first?.match(/^x-token=([^;]*)/)?.[1];
    if (token) this.cookie = `x-token=${token}`;
    const etag = response.headers.etag;
    return {
      status: response.statusCode,
      body,
      etag: typeof etag === 'string' ? etag : null,
      latencyMs,
    } satisfies Answer;
  }

  close(): Promise<void> {
    return this.client.close();
  }

  /** Closes at once, aborting a call still in flight. */
  destroy(): Promise<void> {
    return this.client.destroy().catch(() => undefined);
  }
}
