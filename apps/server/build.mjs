// Builds the server to plain JavaScript for `node`: dist/main.js (the server, `npm start`) and dist/cli.js
// (the operator CLI, `npm run cashdesk`), with source maps. `tsx` stays for `npm run dev` and the tests.
//
// esbuild rather than tsc: the workspace packages (@cashdesk/contract, @cashdesk/device-sim) are imported
// as TypeScript source, which `node` cannot run and tsc would scatter outside dist/. They are bundled in;
// every other package stays an import of node_modules. It takes well under a second, so `npm start`
// builds on every start and the build can never go stale.
//
// Run from anywhere: `node apps/server/build.mjs`. Several builds at once (parallel tests) are safe: each
// file is written beside its place and renamed over it, so a process starting never reads half a file.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER = path.dirname(fileURLToPath(import.meta.url));
const OUT_DIR = path.join(SERVER, 'dist');

/** Bare imports (`fastify`, `node:fs`) stay imports, except our own workspace packages: those are bundled. */
const dependenciesStayExternal = {
  name: 'dependencies-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cashdesk/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
const result = await build({
  absWorkingDir: SERVER,
  entryPoints: { main: 'src/main.ts', cli: 'src/cli/main.ts' },
  outdir: OUT_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // The paths the code derives from its own file (config.ts REPO_ROOT, main.ts's web build) hold because
  // dist/ sits where src/ does: one level under apps/server.
  plugins: [dependenciesStayExternal],
  write: false,
  logLevel: 'warning',
});

fs.mkdirSync(OUT_DIR, { recursive: true });
// Maps first: a .js renamed into place already finds its map.
const files = [...result.outputFiles].sort(
  (a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')),
);
for (const file of files) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, file.contents);
  fs.renameSync(temporary, file.path);
}
if (process.env.BUILD_VERBOSE === '1') {
  process.stdout.write(
    `server built to ${path.relative(process.cwd(), OUT_DIR)} in ${Date.now() - started} ms\n`,
  );
}
