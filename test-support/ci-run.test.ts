// .ci/run's PostgreSQL leg, run for real against stand-ins of apt-get, the PostgreSQL tools and npm (a
// PATH of small scripts that log what they were asked): under CI a missing PostgreSQL is installed,
// started, opened to postgres on 127.0.0.1 and handed to `npm test`; when it cannot be, CI fails before
// any test; outside CI a missing one is a skip. Nothing on the machine is installed or changed.
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

interface Scenario {
  env?: Record<string, string>;
  /** The PostgreSQL tools are installed already (else only apt-get can bring them). */
  installed?: boolean;
  state?: Partial<Record<'cluster' | 'running' | 'auth' | 'testdb', 'yes' | 'no'>>;
}

describe('.ci/run, the PostgreSQL leg', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function run(scenario: Scenario) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-ci-run-'));
    dirs.push(dir);
    const bin = path.join(dir, 'bin');
    const system = path.join(dir, 'system');
    const etc = path.join(dir, 'etc');
    fs.mkdirSync(bin);
    fs.mkdirSync(system);
    for (const tool of SYSTEM_TOOLS) {
      const found = spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
      fs.symlinkSync(found, path.join(system, tool));
    }
    fs.mkdirSync(path.join(etc, '15', 'main'), { recursive: true });
    fs.writeFileSync(
      path.join(etc, '15', 'main', 'pg_hba.conf'),
      'host all all 127.0.0.1/32 scram-sha-256\n',
    );
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
    stub('npm', `log "npm $1 TEST_DATABASE_URL=\${TEST_DATABASE_URL:-unset} CI=$CI"`);
    const result = spawnSync('bash', [path.join(REPO_ROOT, '.ci/run')], {
      env: {
        PATH: `${bin}:${system}`,
        HOME: dir,
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
    };
  }

  const NPM_TEST_WITH_PG = 'npm test TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test CI=true';

  it('CI without PostgreSQL: installs it, starts it, creates `test` and runs npm test on it', () => {
    const ci = run({});
    expect(ci.status).toBe(0);
    expect(ci.log).toEqual([
      'npm ci TEST_DATABASE_URL=unset CI=true',
      'npm audit TEST_DATABASE_URL=unset CI=true',
      expect.stringMatching(/^apt-get update/),
      expect.stringMatching(/^apt-get install .*postgresql/),
      'pg_ctlcluster --skip-systemctl-redirect 15 main start',
      'createdb -h 127.0.0.1 -p 5432 -U postgres test',
      NPM_TEST_WITH_PG,
    ]);
    expect(ci.out).toContain('PostgreSQL leg: ON');
  });

  it('CI, a fresh cluster that wants a password: trusts postgres on 127.0.0.1 and reloads', () => {
    const ci = run({ installed: true, state: { cluster: 'yes', auth: 'no' } });
    expect(ci.status).toBe(0);
    expect(ci.hba.split('\n')[0]).toBe('host all postgres 127.0.0.1/32 trust');
    expect(ci.log).toContain('pg_ctlcluster --skip-systemctl-redirect 15 main reload');
    expect(ci.log.at(-1)).toBe(NPM_TEST_WITH_PG);
  });

  it('CI with PostgreSQL running: changes nothing and runs npm test on it', () => {
    const ci = run({ installed: true, state: { cluster: 'yes', running: 'yes', testdb: 'yes' } });
    expect(ci.status).toBe(0);
    expect(ci.log).toEqual([
      'npm ci TEST_DATABASE_URL=unset CI=true',
      'npm audit TEST_DATABASE_URL=unset CI=true',
      NPM_TEST_WITH_PG,
    ]);
  });

  it('CI, and PostgreSQL cannot be installed: fails before npm test', () => {
    const ci = run({ env: { STUB_APT_FAILS: '1' } });
    expect(ci.status).toBe(1);
    expect(ci.out).toContain('CI FAILED: apt-get install postgresql failed');
    expect(ci.log.filter((line) => line.startsWith('npm test'))).toEqual([]);
  });

  it('CI, and PostgreSQL will not start: fails before npm test', () => {
    const ci = run({ installed: true, state: { cluster: 'yes' }, env: { STUB_PG_NEVER_STARTS: '1' } });
    expect(ci.status).toBe(1);
    expect(ci.out).toContain('CI FAILED: PostgreSQL leg');
    expect(ci.log.filter((line) => line.startsWith('npm test'))).toEqual([]);
  });

  it('CI=false without PostgreSQL: installs nothing, says SKIPPED and runs npm test on SQLite', () => {
    const local = run({ env: { CI: 'false' } });
    expect(local.status).toBe(0);
    expect(local.out).toContain('PostgreSQL leg: SKIPPED');
    expect(local.log).toEqual([
      'npm ci TEST_DATABASE_URL=unset CI=false',
      'npm audit TEST_DATABASE_URL=unset CI=false',
      'npm test TEST_DATABASE_URL=unset CI=false',
    ]);
  });
});
