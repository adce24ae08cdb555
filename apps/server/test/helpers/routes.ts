// The routes a server declares, read from Fastify's route tree: suites that must cover every route
// (permission matrix, hostile input) compare their tables with it, so a new route without a row fails.
import type { FastifyInstance } from 'fastify';

/** `METHOD /full/path` of every route (HEAD left out: Fastify adds one per GET). */
export function declaredRoutes(app: FastifyInstance): string[] {
  return parseRouteTree(app.printRoutes({ commonPrefix: false }));
}

/**
 * Reads printRoutes back into `METHOD /full/path` lines:
 *   ├── /api/v1/a/cashier/devices (GET, HEAD)
 *   │   ├── /register (POST)
 */
export function parseRouteTree(printed: string): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? prefixes[depth - 1] : '') + match[2]!;
    prefixes.length = depth;
    prefixes[depth] = path;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== '' && method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
