// A real server on 127.0.0.1 for suites that test over HTTP, a fetch-based client that keeps the
// session cookie like a browser does, and users with real passwords to sign in with.
//
//   const server = await startTestServer(db, { clock });
//   const { client, user } = await createSignedInUser(server, { account_id: venue.id });
//   const res = await client.get('/a/me');           // paths are relative to /api/v1
//   expect(res.status).toBe(200);
//   await server.close();                             // the database stays open: the suite owns it
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { API_BASE, type Restriction, type Role } from '@cashdesk/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { hashPassword } from '../../src/auth/password.js';
import { createSession } from '../../src/auth/sessions.repository.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createContext, type AppContext } from '../../src/context.js';
import type { Db } from '../../src/db/database.js';
import type { UserRow } from '../../src/db/schema.js';
import type { Clock } from '../../src/clock.js';
import { authCacheOf } from './auth-cache.js';
import { createUser } from '../../src/users/users.repository.js';

export const SESSION_COOKIE = 'x-token';

/** The configuration of a test server: quiet, no demo, no web app. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', ENROLLMENT_OPEN: '0' }),
    webDist: null,
    ...overrides,
  };
}

export interface TestServerOptions {
  /** A FakeClock (helpers/clock.ts) to move time for expiry and locks; the system clock otherwise. */
  clock?: Clock;
  /** E.g. `{ trustProxy: true }` so clients can pick their IP with `X-Forwarded-For`. */
  config?: Partial<Config>;
  buildHash?: string;
  /** Receives the server's JSON log lines (with `config: { logLevel: 'debug' }` to get them all). */
  logStream?: { write(line: string): void };
  /** Adds routes or hooks before the server listens (e.g. a probe route behind a guard). */
  extend?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
  /** Hears every route as it is declared (buildApp's option). */
  onRoute?: BuildOptions['onRoute'];
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** `baseUrl` + `/api/v1` */
  apiUrl: string;
  ctx: AppContext;
  app: FastifyInstance;
  /** A new client without a session; paths are relative to `/api/v1` unless `base` says otherwise. */
  client(options?: ClientOptions): TestClient;
  /** Stops the server. The database stays open: whoever opened it closes it. */
  close(): Promise<void>;
}

export async function startTestServer(db: Db, options: TestServerOptions = {}): Promise<TestServer> {
  const ctx = createContext(
    testConfig(options.config),
    db,
    options.buildHash ?? 'test-hash',
    options.clock,
    authCacheOf(db),
  );
  const app = await buildApp(ctx, {
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  await options.extend?.(app, ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const apiUrl = `${baseUrl}${API_BASE}`;
  return {
    baseUrl,
    apiUrl,
    ctx,
    app,
    client: (clientOptions = {}) => new TestClient(clientOptions.base ?? apiUrl, clientOptions),
    close: () => app.close(),
  };
}

// ---- client ------------------------------------------------------------------------------------------

export interface ClientOptions {
  /** Where relative paths resolve; the server's `/api/v1` by default. */
  base?: string;
  /** Sent with every request, e.g. `{ 'x-forwarded-for': '10.0.0.7' }`. */
  headers?: Record<string, string>;
}

export interface TestResponse<T> {
  status: number;
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: T;
  headers: Headers;
  /** The `Set-Cookie` header of `x-token` in this answer, as sent, or null. */
  sessionCookie: string | null;
}

/** The usual shape of a JSON answer, for tests that read fields of it. */
export type JsonObject = Record<string, unknown>;

export interface RequestOptions {
  /** A raw body sent as is (with `contentType`); `json` is sent as JSON. */
  body?: string;
  json?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Like a browser tab: remembers the session cookie from Set-Cookie and sends it back. */
export class TestClient {
  /** The current `x-token`, or null when signed out. Assign to act with another session's cookie. */
  token: string | null = null;

  constructor(
    readonly base: string,
    private readonly options: ClientOptions = {},
  ) {}

  /** The headers sent with every request (ClientOptions.headers), for requests made without fetch. */
  get headers(): Readonly<Record<string, string>> {
    return this.options.headers ?? {};
  }

  /** Another client (same base and headers) holding the same cookie, e.g. to keep an old session. */
  clone(): TestClient {
    const copy = new TestClient(this.base, this.options);
    copy.token = this.token;
    return copy;
  }

  get<T = JsonObject>(path: string, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    return this.request<T>('GET', path, { headers });
  }

  post<T = JsonObject>(
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    return this.request<T>('POST', path, body === undefined ? { headers } : { json: body, headers });
  }

  /** Signs in (POST /sign_in) and keeps the cookie when it succeeds. */
  signIn<T = JsonObject>(login: string, password: string, remember = false): Promise<TestResponse<T>> {
    return this.post<T>('/sign_in', { login, password, remember });
  }

  async request<T = JsonObject>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...this.options.headers, ...options.headers };
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    if (options.contentType) headers['content-type'] = options.contentType;
    if (this.token !== null) headers.cookie = `${SESSION_COOKIE}=${this.token}`;

    const url = /^https?:/.test(path) ? path : `${this.base}${path}`;
    const response = await fetch(url, { method, headers, body });
    const sessionCookie = this.keepSessionCookie(response.headers);
    // An event stream never ends by itself: its status and headers are the answer (helpers/event-stream.ts
    // reads the messages).
    const streaming = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
    if (streaming) await response.body?.cancel();
    const text = streaming ? '' : await response.text();
    return {
      status: response.status,
      body: parseBody(text, response.headers) as T,
      headers: response.headers,
      sessionCookie,
    };
  }

  private keepSessionCookie(headers: Headers): string | null {
    const cookie = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? null;
    if (cookie === null) return null;
    const value = cookie.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '';
    const attributes = parseCookieAttributes(cookie);
    const deleted = value === '' || attributes['max-age'] === '0';
    this.token = deleted ? null : decodeURIComponent(value);
    return cookie;
  }
}

/** The attributes of one Set-Cookie header, lower-cased names: `{httponly: '', 'max-age': '60', ...}`. */
export function parseCookieAttributes(setCookie: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const part of setCookie.split(';').slice(1)) {
    const [name = '', ...rest] = part.trim().split('=');
    attributes[name.toLowerCase()] = rest.join('=');
  }
  return attributes;
}

function parseBody(text: string, headers: Headers): unknown {
  if (!(headers.get('content-type') ?? '').includes('application/json')) return text;
  return text === '' ? null : (JSON.parse(text) as unknown);
}

// ---- users with passwords ------------------------------------------------------------------------

export const DEFAULT_TEST_PASSWORD = 'correct horse 1';

/** Argon2 takes ~50 ms a hash: one hash per distinct password per test process is enough. */
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface PasswordUserOptions {
  account_id?: number | null;
  role?: Role;
  restrictions?: Restriction[];
  login?: string;
  name?: string;
  password?: string;
  blocked?: boolean;
}

export interface PasswordUser {
  user: UserRow;
  login: string;
  password: string;
}

/** A user with a real Argon2 hash of `password` (default DEFAULT_TEST_PASSWORD); cashier by default. */
export async function createUserWithPassword(
  db: Db,
  options: PasswordUserOptions = {},
): Promise<PasswordUser> {
  const login = options.login ?? `user_${randomBytes(4).toString('hex')}`;
  const password = options.password ?? DEFAULT_TEST_PASSWORD;
  let user = await createUser(
    db.kysely,
    {
      login,
      name: options.name ?? 'Test User',
      role: options.role ?? 'cashier',
      account_id: options.account_id ?? null,
      password_hash: await cachedHash(password),
      restrictions: options.restrictions ?? [],
    },
    Date.now(),
  );
  if (options.blocked) {
    user = await db.kysely
      .updateTable('users')
      .set({ blocked: 1 })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return { user, login, password };
}

/**
 * A user with a real password, signed in over HTTP: `client` holds the session cookie.
 * Throws when sign-in fails, so a broken sign-in shows up where it happens.
 */
export async function createSignedInUser(
  server: TestServer,
  options: PasswordUserOptions & { remember?: boolean; client?: ClientOptions } = {},
): Promise<PasswordUser & { client: TestClient }> {
  const created = await createUserWithPassword(server.ctx.db, options);
  const client = server.client(options.client);
  const res = await client.signIn(created.login, created.password, options.remember ?? false);
  if (res.status !== 200) {
    throw new Error(`sign-in of ${created.login} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { ...created, client };
}

/**
 * A client holding a session of `user` made straight in the database (no sign-in call, no Argon2):
 * for suites about other things than sign-in that need many signed-in users quickly.
 */
export async function clientForUser(
  server: TestServer,
  user: Pick<UserRow, 'id'>,
  options: { remember?: boolean; client?: ClientOptions } = {},
): Promise<TestClient> {
  const { token } = await createSession(
    server.ctx.db.kysely,
    { userId: user.id, remember: options.remember ?? false },
    server.ctx.clock.now(),
  );
  const client = server.client(options.client);
  client.token = token;
  return client;
}
