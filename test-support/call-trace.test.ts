// The call trace of docs/architecture.md ("Following a call, in figures"): its counting, and a real run of
// a deposit through this tree's server (its figures live in the doc, not here).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { countPassages, repoFileOf, type TraceReport } from './call-trace';

const root = path.join(import.meta.dirname, '..');

describe('call trace', () => {
  it('counts an entry per change of file and a return per file entered again after leaving it', () => {
    expect(countPassages([])).toEqual({ entries: 0, returns: 0 });
    expect(countPassages(['a', 'a', 'b', 'b', 'a', 'c', 'b', 'b'])).toEqual({ entries: 5, returns: 2 });
  });

  it("names only the repository's own source files, not its dependencies or other trees", () => {
    const url = (file: string) => `file://${path.join(root, file)}`;
    expect(repoFileOf(url('apps/server/src/ledger/batch.ts'), root)).toBe('apps/server/src/ledger/batch.ts');
    expect(repoFileOf(url('packages/contract/src/schemas.ts'), root)).toBe(
      'packages/contract/src/schemas.ts',
    );
    expect(repoFileOf(url('node_modules/fastify/fastify.js'), root)).toBeNull();
    expect(repoFileOf(url('apps/web/node_modules/react/index.js'), root)).toBeNull();
    expect(repoFileOf(url('test-support/call-trace.ts'), root)).toBeNull();
    expect(repoFileOf('node:internal/timers', root)).toBeNull();
    expect(repoFileOf('file:///elsewhere/apps/server/src/app.ts', root)).toBeNull();
  });

  it('follows a deposit through the route, the ledger and back to the answer', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'test-support/call-trace.ts'), root, '--json', '--only', 'deposit'],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    );
    const report = JSON.parse(stdout) as TraceReport;
    const deposit = report.deposit!;
    expect(deposit.status).toBe(200);
    expect(deposit.files.length).toBeGreaterThan(0);
    expect(deposit.files).toContain('apps/server/src/cash/cash.routes.ts');
    expect(deposit.files).toContain('apps/server/src/ledger/ledger.service.ts');
    expect(deposit.files).toContain('apps/server/src/ledger/money-rules.ts');
    // The route is entered before the ledger's batch.
    expect(deposit.files.indexOf('apps/server/src/cash/cash.routes.ts')).toBeLessThan(
      deposit.files.indexOf('apps/server/src/ledger/batch.ts'),
    );
    expect(deposit.returns).toBeGreaterThan(0);
    expect(deposit.entries).toBe(deposit.files.length + deposit.returns);
  }, 300_000);
});
