// Where a server's CPU time went, by part (BENCHMARKS.md, "Game events"): a V8 CPU profile
// (`node --cpu-prof`, written by each server the benchmark starts when BENCH_CPU_PROF=<dir> is set) summed
// by the part of the code each sample was in. A sample counts for the innermost frame that names a part: a socket
// write that pg started counts as Node's sockets, the pg code around it as the database driver.
import fs from 'node:fs';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Parts by the first pattern their frame's URL (or, for V8's own entries, name) matches; order matters. */
const PARTS: readonly [string, RegExp][] = [
  ['database driver', /node_modules\/(pg|pg-protocol|pg-pool|pg-cursor|better-sqlite3)\//],
  // better-sqlite3's statements are native: the SQLite engine's time (its fsync included) has no frame of
  // its own and lands in Kysely's SQLite connection, which calls them.
  ['database driver', /node_modules\/kysely\/dist\/\w+\/dialect\/sqlite\/sqlite-driver\.js/],
  ['query building (Kysely)', /node_modules\/kysely\//],
  [
    'validation and serialization',
    /node_modules\/(zod|fast-json-stringify|ajv|fast-uri)\/|apps\/server\/src\/http\/(route-schemas|validate)\.ts/,
  ],
  ['logging', /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream)\//],
  [
    'HTTP parsing and routing (Fastify)',
    /node_modules\/(fastify|find-my-way|avvio|@fastify\/[\w-]+|light-my-request|fastify-plugin)\//,
  ],
  ['authentication', /apps\/server\/src\/auth\//],
  ['ledger decisions', /apps\/server\/src\/(ledger|shifts)\//],
  ['metrics', /apps\/server\/src\/metrics\//],
  ['other server code', /apps\/server\/src\/|packages\/contract\//],
  ['Node: HTTP, sockets, streams', /^node:/],
  ['other packages', /node_modules\//],
];
const V8_PARTS: Readonly<Record<string, string>> = {
  '(garbage collector)': 'garbage collection',
  '(program)': 'V8 and native code',
};
const IDLE = '(idle)';

function partOf(frame: CallFrame): string | null {
  const v8 = V8_PARTS[frame.functionName];
  if (v8 && frame.url === '') return v8;
  for (const [part, pattern] of PARTS) if (pattern.test(frame.url)) return part;
  return null;
}

/** The share of busy CPU time (idle left out) of each part, largest first. */
export function summarizeProfile(profile: CpuProfile): { part: string; ms: number; share: number }[] {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const partCache = new Map<number, string | null>();
  const partFor = (id: number): string | null => {
    if (partCache.has(id)) return partCache.get(id)!;
    const node = byId.get(id);
    let part: string | null = null;
    if (node && node.callFrame.functionName === IDLE) part = null;
    else if (node)
      part = partOf(node.callFrame) ?? (parent.has(id) ? partFor(parent.get(id)!) : 'unattributed');
    partCache.set(id, part);
    return part;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const part = partFor(id);
    if (part === null) return;
    totals.set(part, (totals.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const busy = [...totals.values()].reduce((a, b) => a + b, 0);
  return [...totals]
    .map(([part, us]) => ({ part, ms: us / 1000, share: busy === 0 ? 0 : us / busy }))
    .sort((a, b) => b.ms - a.ms);
}

/** Summaries of the profiles written to `dir` since `sinceMs`, for the benchmark's last lines. */
export function profileSummaries(dir: string, sinceMs: number): string[] {
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(dir, f))
        .filter((f) => fs.statSync(f).mtimeMs >= sinceMs)
    : [];
  return files.map((file) => {
    const parts = summarizeProfile(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile);
    const busyMs = parts.reduce((a, p) => a + p.ms, 0);
    const top = parts
      .slice(0, 8)
      .map((p) => `${p.part} ${(p.share * 100).toFixed(1)}%`)
      .join(', ');
    return `${path.basename(file)}: ${(busyMs / 1000).toFixed(1)} s busy; ${top}`;
  });
}
