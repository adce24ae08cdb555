// The routes a server declares, read back from Fastify's route tree: permission suites check that their
// table covers every route of their area, so a new route cannot ship without its row.

/**
 * Reads Fastify's route tree (printRoutes) back into `METHOD /full/path` lines, HEAD left out:
 *   ├── /api/v1/a/cashier/devices (GET, HEAD)
 *   │   ├── /register (POST)
 */
export function declaredRoutes(printed: string): string[] {
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
