// The build hash the server reports at /cashier_v: the web build's own (dist/version.json) when present,
// so a new deployment of either makes open terminals reload.
import fs from 'node:fs';
import path from 'node:path';

export function readBuildHash(webDist: string | null): string {
  if (process.env.BUILD_HASH) return process.env.BUILD_HASH;
  if (webDist) {
    try {
      const parsed = JSON.parse(fs.readFileSync(path.join(webDist, 'version.json'), 'utf8')) as {
        hash?: unknown;
      };
      if (typeof parsed.hash === 'string') return parsed.hash;
    } catch {
      // no web build: fall through to the development hash
    }
  }
  return 'dev';
}
