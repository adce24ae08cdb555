// Every citation of the product's rules or the HTTP contract resolves inside the repository: no file
// cites the old spec or contract files outside it, every "docs/product.md section N" has its section,
// and every 'docs/api.md, "Name"' its heading; no file cites an issue by number, and every file path a
// doc or a comment names exists. A citation added later on any branch is checked too.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  REPO_ROOT,
  apiSectionNames,
  citedApiSections,
  citedDocSections,
  headingNames,
  citedProductSections,
  citingFiles,
  commentLines,
  isApiSection,
  issueNumberCitations,
  mentionedPaths,
  pathExists,
  repositoryFiles,
  outsideCitations,
  productSectionNumbers,
  relativeLinks,
} from './doc-citations';

const read = (file: string): string => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** Paths a document names on purpose though they are not files (any more): `file: path`. */
const NAMED_BUT_ABSENT = new Set([
  // The table of moved dependencies names the file the route left.
  'docs/architecture.md: live/events.routes.ts',
]);

/** Where a file names other files: all of a document, the comments of a source file. */
const proseOf = (file: string, text: string): string =>
  file.endsWith('.md') ? text : commentLines(text).join('\n');

describe('citations of the product rules and the API', () => {
  const files = citingFiles();
  const productSections = productSectionNumbers(read('docs/product.md'));
  const apiSections = apiSectionNames(read('docs/api.md'));

  it('scans the sources and docs of every workspace', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/product.md',
        'packages/contract/src/constants.ts',
        'apps/server/src/ledger/ledger.service.ts',
        'apps/web/src/features/cash/rules.ts',
      ]),
    );
    expect(files).not.toContain('package-lock.json');
  });

  it('finds sections 1 to 9 of the product rules, and the API sections the code names', () => {
    for (const section of [1, 2, 3, 4, 5, 6, 7, 8, 9]) expect(productSections).toContain(section);
    for (const name of ['Conventions', 'Session', 'Device gateway', 'Back office', 'Shifts']) {
      expect(isApiSection(name, apiSections), name).toBe(true);
    }
  });

  it("counts docs/product.md's sections in docs/README.md as the document numbers them, 1 to the last", () => {
    const numbers = [...productSections].sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    const counted = /product\.md\)[^\n]*\(sections 1-(\d+),/.exec(read('docs/README.md'));
    expect(Number(counted?.[1])).toBe(numbers.length);
  });

  it('cites no file outside the repository (the old spec, the old contract, ../shared)', () => {
    const findings = files.flatMap((file) => outsideCitations(file, read(file)));
    expect(findings.map((f) => `${f.file}:${f.line}: ${f.why}: ${f.text}`)).toEqual([]);
  });

  it('cites only sections docs/product.md has', () => {
    const missing = files.flatMap((file) =>
      citedProductSections(read(file))
        .filter(({ section }) => !productSections.has(section))
        .map(({ section, line }) => `${file}:${line}: section ${section}`),
    );
    expect(missing).toEqual([]);
  });

  it('cites only sections docs/api.md has', () => {
    const missing = files.flatMap((file) =>
      citedApiSections(read(file))
        .filter(({ name }) => !isApiSection(name, apiSections))
        .map(({ name, line }) => `${file}:${line}: "${name}"`),
    );
    expect(missing).toEqual([]);
  });

  it('cites only headings the other documents have (docs/operations.md, "Metrics")', () => {
    const missing = files.flatMap((file) =>
      citedDocSections(read(file))
        .filter(({ doc, name }) => {
          const exists = fs.existsSync(path.join(REPO_ROOT, doc));
          return !exists || !isApiSection(name, headingNames(read(doc)));
        })
        .map(({ doc, name, line }) => `${file}:${line}: ${doc}, "${name}"`),
    );
    expect(missing).toEqual([]);
  });

  it('cites no issue by number (a clone has no tracker): the reason, or the doc that has it', () => {
    const findings = files.flatMap((file) => issueNumberCitations(file, read(file)));
    expect(findings.map((f) => `${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });

  it('names in its docs and comments only files the repository has', () => {
    const all = repositoryFiles();
    const missing = files
      .filter((file) => /\.(tsx?|mts|m?js|css|md)$/.test(file))
      .flatMap((file) =>
        mentionedPaths(proseOf(file, read(file)))
          .filter(({ path: named }) => !NAMED_BUT_ABSENT.has(`${file}: ${named}`))
          .filter(({ path: named }) => !pathExists(named, file, all))
          .map(({ path: named, line }) => `${file}:${line}: ${named}`),
      );
    expect(missing).toEqual([]);
  });

  it('links from one document to another only to files that exist', () => {
    const broken = files
      .filter((file) => file.endsWith('.md'))
      .flatMap((file) =>
        relativeLinks(read(file))
          .filter(({ target }) => !fs.existsSync(path.join(REPO_ROOT, path.dirname(file), target)))
          .map(({ target, line }) => `${file}:${line}: ${target}`),
      );
    expect(broken).toEqual([]);
  });
});

describe('the citation checks themselves', () => {
  it('refuse each way of citing the old files', () => {
    const text = [
      '// Money rules of contract.md.',
      '// See ../shared/design/contract.md, "Session".',
      '// The deposit rule (spec section 4) and (Spec sections 2 and 5).',
      '// Texts of product-spec.md.',
      '// spec § 8',
      '// Fine: docs/product.md section 4 and docs/api.md, "Session"; a Spec object; section 3 of this file.',
    ].join('\n');
    expect(outsideCitations('x.ts', text).map((f) => f.line)).toEqual([1, 2, 2, 3, 4, 5]);
  });

  it('read every form of a product section citation, a wrapped one too', () => {
    const text = [
      '// docs/product.md section 4: blocks.',
      '// (docs/product.md sections 2, 4, 5 and 8)',
      '// the toast, docs/product.md',
      '// section 12)',
      '# [product.md](product.md) section 3 is not parsed; docs/product.md, section 9 is.',
    ].join('\n');
    expect(citedProductSections(text)).toEqual([
      { section: 4, line: 1 },
      { section: 2, line: 2 },
      { section: 4, line: 2 },
      { section: 5, line: 2 },
      { section: 8, line: 2 },
      { section: 12, line: 3 },
      { section: 9, line: 5 },
    ]);
  });

  it('know a missing product section and a missing API section', () => {
    const sections = productSectionNumbers('# Title\n\n## 1. One\n\n### 2. Not top level\n\n## 3. Three\n');
    expect([...sections]).toEqual([1, 3]);
    const names = apiSectionNames('# API\n\n## Conventions\n\n## Device gateway (machine-facing)\n');
    expect(isApiSection('Device gateway', names)).toBe(true);
    expect(isApiSection('Device', names)).toBe(false);
    expect(isApiSection('Shifts', names)).toBe(false);
    expect(relativeLinks('[a](api.md), [b](../README.md#layout), [c](https://x.example/a.md)')).toEqual([
      { target: 'api.md', line: 1 },
      { target: '../README.md', line: 1 },
    ]);
    expect(
      citedDocSections(
        '// docs/operations.md, "First admin"; docs/api.md, "Shifts"; docs/security.md,\n// "Logins"',
      ),
    ).toEqual([
      { doc: 'docs/operations.md', name: 'First admin', line: 1 },
      { doc: 'docs/security.md', name: 'Logins', line: 1 },
    ]);
    const headings = headingNames(
      '# Operations\n\n## Demo mode and the first admin\n\n### Who may read it\n',
    );
    expect(isApiSection('First admin', headings)).toBe(false);
    expect(isApiSection('Who may read it', headings)).toBe(true);
    expect(citedApiSections('// docs/api.md, "Shifts" and docs/api.md, "Conventions"')).toEqual([
      { name: 'Shifts', line: 1 },
      { name: 'Conventions', line: 1 },
    ]);
  });

  it('find an issue cited by number in each of its forms, and nothing else', () => {
    const text = [
      '// Fuller batches (issue 28, item 3).',
      "// Issue 7's web budget; issues 5 and 14; Issue #3.",
      '// an issue of the magazine; issue17 in a file name; reissue 4; the issues.',
    ].join('\n');
    expect(issueNumberCitations('x.ts', text).map((f) => f.line)).toEqual([1, 2]);
  });

  it('read the comments of a source file, not its strings, and the paths they name', () => {
    const text = [
      '// See auth/throttle.ts and docs/api.md.',
      "const url = 'https://example.com/a.md'; // after a string: read as code, not named",
      'const x = 1; // then ledger/batch.ts',
      "const file = 'apps/web/src/x.ts';",
      '/* block: bench/src/main.ts',
      ' * still: e2e/README.md */',
      'const y = 1; /* inline: docs/money.md */',
      '// not paths: *.test.ts, <screen>.ts, https://x.example/y.ts, @cashdesk/contract',
    ].join('\n');
    const lines = commentLines(text);
    expect(lines[1]).toBe('');
    expect(lines[3]).toBe('');
    expect(mentionedPaths(lines.join('\n'))).toEqual([
      { path: 'auth/throttle.ts', line: 1 },
      { path: 'docs/api.md', line: 1 },
      { path: 'ledger/batch.ts', line: 3 },
      { path: 'bench/src/main.ts', line: 5 },
      { path: 'e2e/README.md', line: 6 },
      { path: 'docs/money.md', line: 7 },
    ]);
  });

  it('resolve a path from the root, from a folder above the file, or as the end of a repository path', () => {
    const all = repositoryFiles();
    const file = 'apps/server/src/devices/device-access.ts';
    expect(pathExists('apps/server/src/ledger/batch.ts', file, all)).toBe(true);
    expect(pathExists('auth/throttle.ts', file, all)).toBe(true);
    expect(pathExists('pin-guard.ts', file, all)).toBe(true);
    expect(pathExists('src/features/cash/index.ts', file, all)).toBe(true);
    expect(pathExists('ledger/ledger-anchors.ts', file, all)).toBe(false);
    expect(pathExists('apps/server/src/ledger/batch-observer.ts', file, all)).toBe(false);
    expect(pathExists('no-such-file.md', file, all)).toBe(false);
  });
});
