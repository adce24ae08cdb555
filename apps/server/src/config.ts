// Reads the server's configuration from the environment; README.md has the table of every variable.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_HEARTBEAT_MS } from '@cashdesk/contract';
import { z } from 'zod';

/** Operations one batched ledger transaction holds at most, unless configured (LEDGER_BATCH_MAX). */
export const DEFAULT_LEDGER_BATCH_MAX = 64;
/** Batched ledger transactions in flight at once per process on PostgreSQL (LEDGER_LANES); SQLite has 1. */
export const DEFAULT_LEDGER_LANES = 4;
/**
 * How long a ledger batch about to start may wait for money calls already on their way to it (LEDGER_WAIT_US,
 * µs; ledger/group-commit.ts), on PostgreSQL; SQLite does not wait unless told to (its one lane held idle
 * holds every call: BENCHMARKS.md, "Decisions and their figures"). A lone caller never waits: nothing else is
 * on its way.
 */
export const DEFAULT_LEDGER_WAIT_US = 500;

/**
 * npm runs workspace scripts (`npm start`, `npm run cashdesk`) inside apps/server, so a path relative to
 * the working directory would land in apps/server/data. Relative DATA_DIR is read against the repository
 * root instead: the server and the operator CLI then share one database whatever the working directory.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/** An unset variable and an empty one mean the same: not configured. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** An absolute http(s) URL, or a path on this server ('/downloads/client.apk'). */
const urlOrPath = z
  .string()
  .trim()
  .refine(
    (v) => (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^/]/i.test(v),
    'must be an http(s) URL or a path starting with /',
  )
  .refine((v) => URL.canParse(v, 'http://localhost'), 'is not a valid URL');

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  MIGRATE_ON_START: bool,
  DEMO: bool,
  ENROLLMENT_OPEN: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  WEB_DIST: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(12 * 60),
  SESSION_REMEMBER_IDLE_DAYS: z.coerce.number().int().min(1).default(7),
  TILL_AUTO_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(15),
  LEDGER_BATCH_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_LEDGER_BATCH_MAX),
  LEDGER_LANES: z.coerce.number().int().min(1).max(64).default(DEFAULT_LEDGER_LANES),
  LEDGER_WAIT_US: z.coerce.number().int().min(0).max(10_000).optional(),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  CLIENT_DOWNLOAD_URL: optionalText(urlOrPath),
  SUPPORT_CHAT_SCRIPT_URL: optionalText(urlOrPath),
  SUPPORT_PHONE: optionalText(
    z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ()-]{2,30}$/, 'must be a phone number (digits, spaces, + - ( ))'),
  ),
  SUPPORT_EMAIL: optionalText(z.string().trim().pipe(z.email('must be an e-mail address'))),
  METRICS_TOKEN: optionalText(z.string().trim().min(16, 'must be at least 16 characters')),
});

/**
 * What demo mode offers where the operator configured nothing, so a newcomer's `npm start` shows every
 * screen of docs/product.md: a support contact for the support widget, and a client download for /get-client
 * (a small text file this server serves itself, client-config/demo-client.routes.ts). The phone is of
 * the range reserved for fiction, the e-mail of a reserved domain: neither reaches anyone.
 */
export const DEMO_DEFAULTS = {
  supportPhone: '+1 555 0100',
  supportEmail: 'support@demo-venue.example',
  clientDownloadUrl: '/downloads/cashdesk-demo-client.txt',
} as const;

export interface Config {
  port: number;
  host: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  dataDir: string;
  /**
   * Migrate the database at start (MIGRATE_ON_START, default on). Off, the server and the CLI only check
   * that the owner has migrated it (`cashdesk migrate`): then the server's role may own nothing
   * (db/runtime-role.ts, docs/operations.md "Two database roles").
   */
  migrateOnStart: boolean;
  /** Seed the demo venue on an empty database (default on the embedded database). */
  demo: boolean;
  enrollmentOpen: boolean;
  logLevel: string;
  trustProxy: boolean;
  webDist: string | null;
  session: { idleMs: number; rememberIdleMs: number };
  /** The till lock (docs/web-app.md): auto-lock after this long without activity; null: never. */
  tillLock: { autoLockAfterMs: number | null };
  /**
   * The ledger's group commit (ledger/group-commit.ts): operations one transaction holds at most, and
   * batches in flight at once on PostgreSQL (SQLite always runs one).
   */
  ledger: {
    batchMax: number;
    lanes: number;
    /** µs (LEDGER_WAIT_US); undefined: the database's default */ waitUs?: number | undefined;
    /**
     * The hash chain (db/ledger-chain.ts); undefined: on. Off only for the benchmark's same-run on/off
     * pair (bench/src/server-entry.ts, BENCH_LEDGER_CHAIN=0): no environment variable turns it off, since
     * books without it are not tamper-evident and `verify` names every row written so.
     */
    chain?: boolean | undefined;
  };
  /** What the /get-client page offers for download; null: nothing yet. */
  clientDownloadUrl: string | null;
  /** The support widget: a chat script, else the venue's support contact. */
  support: { chatScriptUrl: string | null; phone: string | null; email: string | null };
  /** Live updates (live/): how often an open stream is checked against its session and pinged. */
  live: { heartbeatMs: number };
  /**
   * The floor's alert checks (back-office/floor/alert-checks.ts): a venue's changes within `debounceMs`
   * cost one check; silence (and the hour's withdrawals sliding out) is looked at every `everyMs`.
   */
  alerts: { debounceMs: number; everyMs: number };
  /** `GET /metrics` (docs/operations.md): loopback clients, and anyone with this bearer token if set. */
  metrics: { token: string | null };
  /**
   * Server processes on one port (WORKERS, workers/primary.ts): more than one only on PostgreSQL, where
   * sessions, idempotency, push and revocations are shared through the database.
   */
  workers: number;
}

/** Whether `host` is an address only this machine reaches (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`bad configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  const database = e.DATABASE_URL
    ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
    : ({ kind: 'sqlite', file: path.join(dataDir, 'cashdesk.sqlite') } as const);
  // The newcomer's demo (public logins, open enrollment) only where nobody else can reach it: on the
  // embedded database and a loopback address. Anywhere else only an explicit DEMO=1 seeds it.
  const demo = e.DEMO ?? (database.kind === 'sqlite' && isLoopbackHost(e.HOST));
  // In demo mode an unset variable gives the demo's value; set, even to an empty text, it is the
  // operator's (empty: none), as outside demo mode.
  const orDemo = <T>(name: string, value: T | undefined, demoValue: T): T | null =>
    value ?? (demo && source[name] === undefined ? demoValue : null);
  return {
    port: e.PORT,
    host: e.HOST,
    database,
    dataDir,
    migrateOnStart: e.MIGRATE_ON_START ?? true,
    demo,
    enrollmentOpen: e.ENROLLMENT_OPEN ?? demo,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    webDist: e.WEB_DIST ?? null,
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      rememberIdleMs: e.SESSION_REMEMBER_IDLE_DAYS * 24 * 3_600_000,
    },
    tillLock: { autoLockAfterMs: e.TILL_AUTO_LOCK_MINUTES === 0 ? null : e.TILL_AUTO_LOCK_MINUTES * 60_000 },
    ledger: { batchMax: e.LEDGER_BATCH_MAX, lanes: e.LEDGER_LANES, waitUs: e.LEDGER_WAIT_US },
    clientDownloadUrl: orDemo('CLIENT_DOWNLOAD_URL', e.CLIENT_DOWNLOAD_URL, DEMO_DEFAULTS.clientDownloadUrl),
    support: {
      chatScriptUrl: e.SUPPORT_CHAT_SCRIPT_URL ?? null,
      phone: orDemo('SUPPORT_PHONE', e.SUPPORT_PHONE, DEMO_DEFAULTS.supportPhone),
      email: orDemo('SUPPORT_EMAIL', e.SUPPORT_EMAIL, DEMO_DEFAULTS.supportEmail),
    },
    live: { heartbeatMs: LIVE_HEARTBEAT_MS },
    alerts: { debounceMs: 250, everyMs: 30_000 },
    metrics: { token: e.METRICS_TOKEN ?? null },
    workers: e.WORKERS,
  };
}
