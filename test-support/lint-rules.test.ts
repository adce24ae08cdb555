// The house rules that lint holds (eslint.config.js, apps/web/src/README.md, apps/server/src/README.md)
// fire on the code they forbid, and stay quiet on the way the rule asks for. Each sample is linted as if
// it stood at a path inside the folder the rule guards (it is never written to disk); what it imports is
// real, so the rules resolve it as they would in the tree.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './doc-citations';

const eslint = new ESLint({ cwd: REPO_ROOT });

/** The rule ids that fire on `code`, linted as the file at `file` (relative to the repository root). */
async function rulesFiring(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

/** A module that imports `name` from `from` and uses it. */
const importing = (name: string, from: string) =>
  `import { ${name} } from '${from}';\nexport const use = ${name};\n`;

const RESTRICTED = 'import-x/no-restricted-paths';

// The first lint of a web file loads the TypeScript resolver and walks the web's import graph (no-cycle):
// seconds on a busy machine, once; every lint after it takes milliseconds.
beforeAll(async () => {
  await rulesFiring('apps/web/src/features/cash/lint-sample.ts', importing('validatePassword', '../auth'));
  // The same for the server's graph (no-restricted-paths, and the cycle rule's reading of every module).
  await rulesFiring('apps/server/src/cash/lint-sample.ts', importing('cashierOf', '../auth/index.js'));
}, 60_000);

describe('the web app keeps its one-way imports', () => {
  it("refuses a feature importing another feature's insides, not its public entry", async () => {
    const file = 'apps/web/src/features/cash/lint-sample.ts';
    expect(await rulesFiring(file, importing('validateLogin', '../auth/login-validation'))).toContain(
      RESTRICTED,
    );
    expect(await rulesFiring(file, importing('validatePassword', '../auth'))).toEqual([]);
  });

  it("refuses a back-office subject importing another subject's insides, not its public entry", async () => {
    const file = 'apps/web/src/features/back-office/ledger/lint-sample.ts';
    const insides = importing('usePendingApprovals', '../approvals/four-eyes-api');
    expect(await rulesFiring(file, insides)).toContain(RESTRICTED);
    expect(await rulesFiring(file, importing('usePendingApprovals', '../approvals'))).toEqual([]);
    // The console's frame takes the subjects through their entries too, and uses the shared part freely.
    const frame = 'apps/web/src/features/back-office/lint-sample.ts';
    expect(await rulesFiring(frame, importing('usePendingApprovals', './approvals/four-eyes-api'))).toContain(
      RESTRICTED,
    );
    expect(await rulesFiring(frame, importing('Money', './shared/money'))).toEqual([]);
  });

  it("refuses the back office's shared part importing a subject or the console's frame", async () => {
    const file = 'apps/web/src/features/back-office/shared/lint-sample.ts';
    expect(await rulesFiring(file, importing('usePendingApprovals', '../approvals'))).toContain(RESTRICTED);
    expect(await rulesFiring(file, importing('BackOfficeLayout', '../back-office-layout'))).toContain(
      RESTRICTED,
    );
    expect(await rulesFiring(file, importing('failureText', './failure-text'))).toEqual([]);
  });

  it('refuses shared code importing a feature', async () => {
    const code = importing('validatePassword', '../features/auth');
    expect(await rulesFiring('apps/web/src/lib/lint-sample.ts', code)).toContain(RESTRICTED);
  });
});

describe('the tools use the server through @cashdesk/server', () => {
  for (const folder of ['bench/src', 'e2e', 'apps/device-sim/test', 'test-support']) {
    it(`refuses ${folder} importing the server's files, not its entry`, async () => {
      const file = `${folder}/lint-sample.ts`;
      const verify = path.relative(folder, 'apps/server/src/ledger/verify.js');
      expect(await rulesFiring(file, importing('verifyLedger', verify))).toContain(RESTRICTED);
      expect(await rulesFiring(file, importing('verifyLedger', '@cashdesk/server'))).toEqual([]);
    });
  }
});

describe('the server publishes a change only after commit', () => {
  const publishing = [
    "import { floatChange, type ChangePublisher } from '../live/change-feed.js';",
    'export function tell(changes: ChangePublisher): void {',
    '  void changes.publish(floatChange(1));',
    '}',
    '',
  ].join('\n');

  it('refuses `.publish(` outside live/, where publishAfterCommit lives', async () => {
    expect(await rulesFiring('apps/server/src/ledger/lint-sample.ts', publishing)).toContain(
      'no-restricted-syntax',
    );
    expect(
      await rulesFiring('apps/server/src/live/lint-sample.ts', publishing.replace('../live/', './')),
    ).toEqual([]);
  });

  it('still refuses a focused test kept beside the server code', async () => {
    const focused = "import { it } from 'vitest';\nit.only('runs alone', () => undefined);\n";
    expect(await rulesFiring('apps/server/src/ledger/lint-sample.test.ts', focused)).toContain(
      'no-restricted-syntax',
    );
  });
});

describe('the server keeps its layers', () => {
  // A type import counts: the floor must not even name a domain's type (http/ takes a shape of its own).
  const typeImport = (name: string, from: string) =>
    `import type { ${name} } from '${from}';\nexport type Use = ${name};\n`;

  for (const floor of ['db', 'http', 'live']) {
    it(`refuses ${floor}/ importing a domain folder, even for a type`, async () => {
      const file = `apps/server/src/${floor}/lint-sample.ts`;
      expect(await rulesFiring(file, importing('revokingTransaction', '../auth/index.js'))).toContain(
        RESTRICTED,
      );
      expect(await rulesFiring(file, typeImport('Outcome', '../ledger/outcome.js'))).toContain(RESTRICTED);
      expect(await rulesFiring(file, typeImport('Clock', '../clock.js'))).toEqual([]);
    });
  }

  for (const file of ['clock.ts', 'config.ts', 'bounded-map.ts', 'background-jobs.ts']) {
    it(`refuses ${file} importing a domain folder`, async () => {
      const code = importing('hashPassword', './auth/index.js');
      expect(await rulesFiring(`apps/server/src/${file}`, code)).toContain(RESTRICTED);
    });
  }

  it('refuses the floor importing the composition', async () => {
    const code = typeImport('AppContext', '../context.js');
    expect(await rulesFiring('apps/server/src/http/lint-sample.ts', code)).toContain(RESTRICTED);
  });

  it("refuses a domain importing another domain's insides, not its entry", async () => {
    const file = 'apps/server/src/cash/lint-sample.ts';
    expect(await rulesFiring(file, importing('cashierOf', '../auth/guards.js'))).toContain(RESTRICTED);
    expect(await rulesFiring(file, typeImport('CashierRow', '../auth/guards.js'))).toContain(RESTRICTED);
    expect(await rulesFiring(file, importing('cashierOf', '../auth/index.js'))).toEqual([]);
    // A nested file of a domain is held the same, and so is a domain that has no entry yet.
    const nested = 'apps/server/src/back-office/users/lint-sample.ts';
    expect(await rulesFiring(nested, importing('toUser', '../../users/users.repository.js'))).toContain(
      RESTRICTED,
    );
    expect(await rulesFiring(nested, importing('toUser', '../../users/index.js'))).toEqual([]);
    const reports = 'apps/server/src/reports/lint-sample.ts';
    expect(await rulesFiring(reports, importing('hashToken', '../gateway/gateway.service.js'))).toContain(
      RESTRICTED,
    );
  });

  it('lets every domain import the ledger by path, and the composition import anything', async () => {
    const ledger = importing('verifyLedger', '../ledger/verify.js');
    expect(await rulesFiring('apps/server/src/cash/lint-sample.ts', ledger)).toEqual([]);
    const guards = importing('cashierOf', '../auth/guards.js');
    expect(await rulesFiring('apps/server/src/cli/lint-sample.ts', guards)).toEqual([]);
    expect(
      await rulesFiring('apps/server/src/lint-sample.ts', importing('cashierOf', './auth/guards.js')),
    ).toEqual([]);
  });
});

describe('the server has no import cycle, type imports counted', () => {
  // context.ts imports clock.ts (systemClock): clock.ts importing the context back closes a loop.
  const CYCLE = 'cashdesk/import-cycle';

  it('refuses a module importing what imports it', async () => {
    const loop = importing('createContext', './context.js');
    expect(await rulesFiring('apps/server/src/clock.ts', loop)).toContain(CYCLE);
  });

  it('refuses it when the import brings only types, which import-x/no-cycle lets through', async () => {
    const loop = "import type { AppContext } from './context.js';\nexport type Use = AppContext;\n";
    expect(await rulesFiring('apps/server/src/clock.ts', loop)).toContain(CYCLE);
  });
});

describe('the ledger keeps its functions short', () => {
  it('refuses a function of more than 50 lines in ledger/, and lets one of 50 through', async () => {
    const fn = (lines: number) =>
      `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;
    const file = 'apps/server/src/ledger/lint-sample.ts';
    expect(await rulesFiring(file, fn(51))).toContain('max-lines-per-function');
    expect(await rulesFiring(file, fn(50))).toEqual([]);
  });
});
