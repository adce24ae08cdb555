// The `// Stryker disable next-line <mutators>: <reason key>` marks of the mutated code (docs/testing.md).
// A mark is one short line (under 100 characters) naming its mutators and a reason key; the reason itself
// is a row of docs/testing.md's table of mark reasons, so one reason is written once however many marks
// share it. Stryker reads such a comment only where it leads a statement or an expression of its own:
// inside a method chain (before `.then(...)`) it is silently ignored, and the mutant it names is reported
// again. Two marks were lost that way; this keeps every mark where Stryker sees it, with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SOURCES = join(ROOT, 'apps/server/src');
const MARK = /\/\/ Stryker disable next-line ([\w,]+)(.*)$/;
/** The reason keys docs/testing.md explains: rows of its table `| \`key\` | reason |`. */
const DOCUMENTED = new Set<string>(
  [...readFileSync(join(ROOT, 'docs/testing.md'), 'utf8').matchAll(/^\| `([a-z][a-z0-9-]*)` +\|/gm)].map(
    (m) => m[1]!,
  ),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** What is wrong with each mark of `text`, as `line: problem`. */
export function markProblems(text: string, reasons: ReadonlySet<string> = DOCUMENTED): string[] {
  const lines = text.split('\n');
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const mark = MARK.exec(line);
    if (!mark) return;
    const key = /^: ([a-z][a-z0-9-]*)$/.exec(mark[2] ?? '')?.[1];
    if (key === undefined) problems.push(`${index + 1}: a mark without its reason key`);
    else if (!reasons.has(key)) problems.push(`${index + 1}: the reason '${key}' is not in docs/testing.md`);
    if (line.trim().length >= 100) problems.push(`${index + 1}: a mark of 100 characters or more`);
    const next = (lines[index + 1] ?? '').trim();
    if (next === '' || /^(\.|\)|\/\/|\/\*)/.test(next)) {
      problems.push(`${index + 1}: the next line does not start a statement or expression: '${next}'`);
    }
  });
  return problems;
}

describe('Stryker marks in the mutated code', () => {
  it('finds what it must: a mark inside a method chain, without a known reason key, or too long', () => {
    const reasons = new Set(['one-row', 'text-only']);
    const chained = [
      'await query',
      '  // Stryker disable next-line ObjectLiteral: one-row',
      '  .then((r) => r);',
    ];
    expect(markProblems(chained.join('\n'), reasons)).toEqual([
      "2: the next line does not start a statement or expression: '.then((r) => r);'",
    ]);
    expect(markProblems('// Stryker disable next-line all\nconst a = 1;', reasons)).toEqual([
      '1: a mark without its reason key',
    ]);
    expect(
      markProblems('// Stryker disable next-line all: the reason in words\nconst a = 1;', reasons),
    ).toEqual(['1: a mark without its reason key']);
    expect(markProblems('// Stryker disable next-line all: unknown-key\nconst a = 1;', reasons)).toEqual([
      "1: the reason 'unknown-key' is not in docs/testing.md",
    ]);
    const long = `// Stryker disable next-line ${'StringLiteral,'.repeat(6)}StringLiteral: text-only`;
    expect(markProblems(`${long}\nconst a = 1;`, reasons)).toEqual(['1: a mark of 100 characters or more']);
    expect(
      markProblems('// Stryker disable next-line StringLiteral: text-only\nthrow new Error("x");', reasons),
    ).toEqual([]);
  });

  it('has every mark of apps/server/src where Stryker reads it, with its reason', () => {
    const problems = sourceFiles(SOURCES).flatMap((file) =>
      markProblems(readFileSync(file, 'utf8')).map((problem) => `${relative(ROOT, file)}:${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
