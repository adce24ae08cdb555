// Follows one HTTP call through the server's code with the V8 inspector and counts the repository's files
// it passes through (docs/architecture.md, "Following a call, in figures"):
//
//   npm run -s trace:calls -- [tree] [--json] [--only deposit|approval]
//
// `tree` is the checkout whose server is traced (this one by default), so an older commit's worktree can
// be measured with today's script. The server runs in this process on an in-memory SQLite database; a
// warm-up makes the same calls first, so the traced one loads no module and compiles no path lazily.
//
// The method: after the warm-up, a breakpoint at the entry of every function of the repository's files
// (apps/*, packages/*) that V8's precise coverage lists; during the traced request each pause records its
// call stack, and the files the code passed through between two pauses are read from the two stacks (the
// frames that returned, then the ones entered or resumed after an await). Stepping statement by statement
// (Debugger.stepInto) was tried first: Node's own internals cannot be blackboxed, so it paused in them
// tens of thousands of times, at 3-40 ms a pause on a shared machine. Only the traced request's
// asynchronous continuations count (an AsyncLocalStorage store), and the trace ends one event-loop turn
// after the response's 'finish', so Fastify's onResponse hooks are part of it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Session } from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as ServerModule from '@cashdesk/server';

type ServerEntry = typeof ServerModule;

export interface CallTrace {
  /** The traced call, e.g. `POST /api/v1/a/cashier/devices/1/place/1/update`. */
  call: string;
  status: number;
  /** The repository's files (apps/*, packages/*), in the order the call first entered each. */
  files: string[];
  /** Entries into a file from another of the repository's files, the first entry included. */
  entries: number;
  /** Entries into a file the call had already left once. */
  returns: number;
  /** Pauses at a function's entry in the traced request: the calls of the repository's functions. */
  pauses: number;
  /** Files with a function that ran during the call, by V8's precise coverage (any context). */
  covered: string[];
  /** The files in the order the call passed through them, with the function entered. */
  path: { file: string; fn: string }[];
}

export interface TraceReport {
  tree: string;
  commit: string | null;
  /** Functions of the repository's files with a breakpoint at their entry. */
  breakpoints?: number;
  deposit?: CallTrace;
  approval?: CallTrace;
}

const REPO_FILE = /^(apps|packages)\/[^/]+\/(?!node_modules\/)/;

/** The path of `url` under `root` when it is one of the repository's source files, or null. */
export function repoFileOf(url: string, root: string): string | null {
  if (url === '') return null;
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const relative = path.relative(root, file).split(path.sep).join('/');
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return REPO_FILE.test(relative) ? relative : null;
}

/** Entries and returns of a sequence of files, repeats of the same file in a row counted once. */
export function countPassages(sequence: readonly string[]): { entries: number; returns: number } {
  const left = new Set<string>();
  let entries = 0;
  let returns = 0;
  let current: string | null = null;
  for (const file of sequence) {
    if (file === current) continue;
    if (current !== null) left.add(current);
    entries += 1;
    if (left.has(file)) returns += 1;
    current = file;
  }
  return { entries, returns };
}

type Frame = {
  functionName: string;
  location: { scriptId: string };
  functionLocation?: { lineNumber: number; columnNumber: number };
};
interface Step {
  file: string;
  fn: string;
}

/**
 * Pauses at the entry of every function of the repository's files during one armed request; see the
 * header for the method.
 */
class CallTracer {
  private readonly session = new Session();
  private readonly scripts = new Map<string, string>();
  private readonly store = new AsyncLocalStorage<true>();
  private armed = false;
  private tracing = false;
  private pauses = 0;
  private steps: Step[] = [];
  /** The repository's frames of the last pause, outermost first. */
  private stack: (Step & { key: string })[] = [];
  private coveredFiles: string[] = [];

  constructor(private readonly root: string) {
    this.session.connect();
    this.session.on('Debugger.scriptParsed', ({ params }) => {
      this.scripts.set(params.scriptId, params.url);
    });
    this.session.on('Debugger.paused', ({ params }) => this.onPause(params.callFrames as Frame[]));
    this.post('Profiler.enable');
    this.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    this.post('Debugger.enable');
    this.post('Debugger.setBreakpointsActive', { active: false });
  }

  /** Puts the tracer in front of the HTTP server's request listeners (Fastify's). */
  install(server: http.Server): void {
    const listeners = server.listeners('request') as ((...args: unknown[]) => void)[];
    server.removeAllListeners('request');
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (!this.armed) {
        for (const listener of listeners) listener.call(server, req, res);
        return;
      }
      this.armed = false;
      this.store.run(true, () => {
        // One event-loop turn after 'finish', so Fastify's onResponse hooks are part of the call.
        res.once('finish', () => setImmediate(traceEnd));
        this.tracing = true;
        for (const listener of listeners) listener.call(server, req, res);
      });
    });
  }

  /**
   * A breakpoint at the entry of every function the process has compiled from the repository's files:
   * called after the warm-up, which ran every function the traced calls run.
   */
  async breakAtEveryFunction(): Promise<number> {
    const coverage = await this.post('Profiler.takePreciseCoverage');
    let count = 0;
    for (const script of coverage.result) {
      if (repoFileOf(script.url, this.root) === null) continue;
      const { scriptSource } = await this.post('Debugger.getScriptSource', { scriptId: script.scriptId });
      const lineStarts = [0];
      for (let i = 0; i < scriptSource.length; i++) if (scriptSource[i] === '\n') lineStarts.push(i + 1);
      for (const fn of script.functions) {
        const range = fn.ranges[0];
        if (!range || range.startOffset === 0) continue; // the module's own body
        let line = 0;
        while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= range.startOffset) line++;
        const set = await this.post('Debugger.setBreakpoint', {
          location: {
            scriptId: script.scriptId,
            lineNumber: line,
            columnNumber: range.startOffset - lineStarts[line]!,
          },
        }).catch(() => null); // a position V8 cannot break at: nothing to count there
        if (!set) continue;
        const at = set.actualLocation as { lineNumber: number; columnNumber?: number };
        const offset = lineStarts[at.lineNumber]! + (at.columnNumber ?? 0);
        // Resolved outside the function (into the one around it): that pause would not be an entry.
        if (offset < range.startOffset || offset >= range.endOffset) {
          await this.post('Debugger.removeBreakpoint', { breakpointId: set.breakpointId });
          continue;
        }
        count += 1;
      }
    }
    return count;
  }

  /** Traces the next request the server receives while `send` runs. */
  async trace<T>(
    send: () => Promise<T>,
  ): Promise<{ result: T; steps: Step[]; pauses: number; covered: string[] }> {
    this.steps = [];
    this.stack = [];
    this.pauses = 0;
    await this.post('Profiler.takePreciseCoverage'); // resets the counts
    // A timer the call sets for later (the sealer's SEAL_DELAY_MS, the alert checks' debounce) fires after
    // the answer in production; the pauses stretch the call over seconds, so it would fire inside it. Its
    // callback runs outside the traced context, so it is not counted.
    const setTimeoutOf = globalThis.setTimeout;
    const untraced = (...args: Parameters<typeof setTimeout>) => this.store.exit(() => setTimeoutOf(...args));
    globalThis.setTimeout = Object.assign(untraced, setTimeoutOf);
    await this.post('Debugger.setBreakpointsActive', { active: true });
    this.armed = true;
    try {
      const result = await send();
      while (this.tracing) await new Promise((resolve) => setTimeoutOf(resolve, 5));
      return { result, steps: this.steps, pauses: this.pauses, covered: this.coveredFiles };
    } finally {
      globalThis.setTimeout = setTimeoutOf;
      await this.post('Debugger.setBreakpointsActive', { active: false });
    }
  }

  close(): void {
    this.session.disconnect();
  }

  // The protocol's answers differ by method and @types/node types them only through post's overloads,
  // which a promise wrapper cannot pick: the callers read the fields they asked for.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private post(method: string, params?: object): Promise<any> {
    return new Promise((resolve, reject) =>
      this.session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  }

  private onPause(frames: Frame[]): void {
    const top = frames[0];
    if (this.tracing && top?.functionName === traceEnd.name) {
      this.moveTo([]);
      this.tracing = false;
      // What counted calls: every function of the repository's files that ran since the reset.
      this.session.post('Profiler.takePreciseCoverage', (error, coverage) => {
        this.coveredFiles = error
          ? []
          : coverage.result
              .filter((s) => s.functions.some((f) => (f.ranges[0]?.count ?? 0) > 0))
              .map((s) => repoFileOf(s.url, this.root))
              .filter((f): f is string => f !== null);
      });
    } else if (this.tracing && this.store.getStore() === true) {
      this.pauses += 1;
      const stack: (Step & { key: string })[] = [];
      for (const frame of frames) {
        const file = repoFileOf(this.scripts.get(frame.location.scriptId) ?? '', this.root);
        if (file === null) continue;
        const at = frame.functionLocation;
        const key = `${frame.location.scriptId}:${at?.lineNumber ?? ''}:${at?.columnNumber ?? ''}:${frame.functionName}`;
        stack.unshift({ file, fn: frame.functionName, key });
      }
      this.moveTo(stack);
    }
    this.session.post('Debugger.resume');
  }

  /**
   * From the last pause's stack to this one's: the frames above the part both share returned, each into
   * the one below it (the code passed through those files again), then the new frames ran, outermost
   * first (a function resumed after an await, then the function entered).
   */
  private moveTo(stack: (Step & { key: string })[]): void {
    let shared = 0;
    // The top frame has just been entered (the pause is at its first statement), whatever the last had.
    while (
      shared < stack.length - 1 &&
      shared < this.stack.length &&
      stack[shared]!.key === this.stack[shared]!.key
    )
      shared++;
    for (let i = this.stack.length - 2; i >= shared - 1 && i >= 0; i--) this.steps.push(this.stack[i]!);
    for (let i = shared; i < stack.length; i++) this.steps.push(stack[i]!);
    this.stack = stack;
  }
}

/** The end marker: the pause in this function ends the trace. */
function traceEnd(): void {
  // eslint-disable-next-line no-debugger -- the pause the tracer waits for
  debugger;
}

function summarise(
  call: string,
  status: number,
  traced: { steps: Step[]; pauses: number; covered: string[] },
): CallTrace {
  const { steps, pauses, covered } = traced;
  const sequence = steps.map((s) => s.file);
  const pathTaken: { file: string; fn: string }[] = [];
  for (const step of steps) if (pathTaken.at(-1)?.file !== step.file) pathTaken.push(step);
  return {
    call,
    status,
    files: [...new Set(sequence)],
    ...countPassages(sequence),
    pauses,
    path: pathTaken,
    covered,
  };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One request on a fresh connection (so no keep-alive socket carries one call's context into the next). */
function request(base: string, method: string, url: string, token: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: {
          cookie: `x-token=${token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

const API = '/api/v1';
const MANAGER_PASSWORD = 'the manager traces this one';

/** Starts `tree`'s server in this process, sets up a venue and traces a deposit and an approval. */
export async function traceCalls(
  tree: string,
  only: 'deposit' | 'approval' | null = null,
): Promise<TraceReport> {
  const root = path.resolve(tree);
  // Before the import: precise coverage lists the functions compiled once it has started.
  const tracer = new CallTracer(root);
  const entry = createRequire(path.join(root, 'package.json')).resolve('@cashdesk/server');
  const server = (await import(pathToFileURL(entry).href)) as ServerEntry;

  const db = server.openDatabase({ kind: 'sqlite', file: ':memory:' });
  await server.migrateToLatest(db);
  const config = {
    ...server.loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', ENROLLMENT_OPEN: '0' }),
    webDist: null,
  };
  const ctx = server.createContext(config, db, 'call-trace');
  const app = await server.buildApp(ctx, { logger: false });
  tracer.install(app.server);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  try {
    const now = Date.now();
    const venue = await server.createAccount(
      db.kysely,
      {
        name: 'Traced venue',
        currency: 'EUR',
        overdraft: 0,
        has_overdraft: false,
        home_play: true,
        min_amount: 1,
        max_amount: 1_000_000_00,
        final_bonus_rate_bps: 1000,
      },
      now,
    );
    const funded = await ctx.ledger.moveFloat({
      account_id: venue.id,
      user_id: null,
      delta_cents: 1_000_000_00,
      trx: `seed-${randomBytes(8).toString('hex')}`,
      reason: 'call trace',
    });
    if (funded.status !== 200) throw new Error(`could not fund the venue: ${JSON.stringify(funded.body)}`);
    const cashier = await server.createUser(
      db.kysely,
      {
        login: 'trace_cashier',
        name: 'Cashier',
        role: 'cashier',
        account_id: venue.id,
        password_hash: 'x',
        restrictions: [],
      },
      now,
    );
    const manager = await server.createUser(
      db.kysely,
      {
        login: 'trace_manager',
        name: 'Manager',
        role: 'manager',
        account_id: venue.id,
        password_hash: await server.hashPassword(MANAGER_PASSWORD),
        restrictions: [],
      },
      now,
    );
    const session = async (userId: number) =>
      (await server.createSession(db.kysely, { userId, remember: false }, Date.now())).token;
    const cashierToken = await session(cashier.id);
    const managerToken = await session(manager.id);
    const device = await db.kysely
      .insertInto('devices')
      .values({
        uuid: randomBytes(16).toString('base64'),
        account_id: venue.id,
        type: 0,
        module: 1,
        game_id: 1,
        name: 'Traced cabinet',
        status: 'ready',
        token_hash: randomBytes(32).toString('hex'),
        created_at_ms: now,
        linked_at_ms: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto('places')
      .values([1, 2].map((place) => ({ device_id: device.id, place, username: '' })))
      .execute();

    const cashUrl = `${API}/a/cashier/devices/${device.id}/place/1/update`;
    const cash = (delta: number) =>
      request(base, 'POST', cashUrl, cashierToken, { delta, trx: randomBytes(16).toString('hex') });
    const report: TraceReport = { tree: root, commit: commitOf(root) };

    // Warm-up: a deposit, then a held payout approved, so the traced calls find every module loaded.
    expectStatus(await cash(1000_00), 200, 'warm-up deposit');
    const threshold = await request(base, 'POST', `${API}/a/manager/account/${venue.id}`, managerToken, {
      approval_above: 100_00,
    });
    expectStatus(threshold, 200, 'approval threshold');
    const approve = (id: unknown) =>
      request(base, 'POST', `${API}/a/manager/account/${venue.id}/approvals/${String(id)}`, managerToken, {
        decision: 'approve',
        password: MANAGER_PASSWORD,
      });
    const held = expectStatus(await cash(-150_00), 202, 'warm-up held payout');
    expectStatus(await approve(held.body.approval_id), 200, 'warm-up approval');
    expectStatus(await cash(500_00), 200, 'second warm-up deposit');
    report.breakpoints = await tracer.breakAtEveryFunction();

    if (only !== 'approval') {
      const traced = await tracer.trace(() => cash(200_00));
      report.deposit = summarise(
        `POST ${API}/a/cashier/devices/:id/place/:place/update`,
        traced.result.status,
        traced,
      );
    }
    if (only !== 'deposit') {
      const pending = expectStatus(await cash(-150_00), 202, 'held payout');
      const traced = await tracer.trace(() => approve(pending.body.approval_id));
      report.approval = summarise(
        `POST ${API}/a/manager/account/:id/approvals/:approval_id (approve)`,
        traced.result.status,
        traced,
      );
    }
    return report;
  } finally {
    tracer.close();
    await app.close();
    await db.close();
  }
}

function commitOf(root: string): string | null {
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function printTrace(name: string, trace: CallTrace): void {
  console.log(`\n${name}: ${trace.call} -> ${trace.status}`);
  console.log(
    `  ${trace.files.length} files, ${trace.entries} entries, ${trace.returns} returns (${trace.pauses} pauses)`,
  );
  trace.files.forEach((file, i) => console.log(`  ${String(i + 1).padStart(3)}. ${file}`));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? (args[onlyAt + 1] as 'deposit' | 'approval') : null;
  const tree =
    args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--only') ??
    path.join(import.meta.dirname, '..');
  const report = await traceCalls(tree, only);
  if (json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  console.log(`tree ${report.tree} at ${report.commit ?? 'an unknown commit'}`);
  if (report.deposit) printTrace('deposit', report.deposit);
  if (report.approval) printTrace('approval', report.approval);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
