// The browser tests' build is keyed by a hash of its sources (e2e/support/global-setup.ts), not by file
// times: touching a file changes nothing, changing its bytes does, and restoring an older version is a
// change again (which the old newest-mtime check missed: a restored file is older than dist).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, hashBuildInputs } from '../e2e/support/global-setup';

describe('the web build key', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function sources(): { dir: string; file: string } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-build-key-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'features'));
    const file = path.join(dir, 'features', 'cash.tsx');
    fs.writeFileSync(file, 'export const cash = 1;\n');
    fs.writeFileSync(path.join(dir, 'main.tsx'), 'import "./features/cash";\n');
    return { dir, file };
  }

  it('ignores file times and sees bytes, a restored older version included', () => {
    const { dir, file } = sources();
    const original = hashBuildInputs([dir]);
    fs.utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(hashBuildInputs([dir])).toBe(original);

    fs.writeFileSync(file, 'export const cash = 2;\n');
    const changed = hashBuildInputs([dir]);
    expect(changed).not.toBe(original);

    // A build of the changed sources is stamped `changed`; restoring the file (with an old mtime, as
    // `git checkout` of an old commit can leave it) must not pass as that build.
    fs.writeFileSync(file, 'export const cash = 1;\n');
    fs.utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(hashBuildInputs([dir])).toBe(original);
    expect(hashBuildInputs([dir])).not.toBe(changed);
  });

  it('sees a file added, removed or renamed, and not a unit test', () => {
    const { dir, file } = sources();
    const original = hashBuildInputs([dir]);
    fs.renameSync(file, path.join(dir, 'features', 'cash-page.tsx'));
    expect(hashBuildInputs([dir])).not.toBe(original);
    fs.renameSync(path.join(dir, 'features', 'cash-page.tsx'), file);
    expect(hashBuildInputs([dir])).toBe(original);
    fs.writeFileSync(path.join(dir, 'features', 'cash.test.tsx'), 'it("x", () => {});\n');
    expect(hashBuildInputs([dir])).toBe(original);
    fs.writeFileSync(path.join(dir, 'extra.ts'), '\n');
    expect(hashBuildInputs([dir])).not.toBe(original);
  });

  it('covers the web sources, the contract it bundles and the lock file', () => {
    const names = BUILD_INPUTS.map((input) => path.relative(path.resolve(__dirname, '..'), input));
    expect(names).toEqual(
      expect.arrayContaining([
        'apps/web/src',
        'apps/web/vite.config.ts',
        'packages/contract/src',
        'package-lock.json',
      ]),
    );
  });
});
