// The `// Stryker disable next-line <mutators>: <why>` marks of the mutated code (docs/testing.md). Stryker
// reads such a comment only where it leads a statement or an expression of its own: inside a method
// chain (before `.then(...)`) it is silently ignored, and the mutant it names is reported again. Two
// marks were lost that way; this keeps every mark where Stryker sees it, with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SOURCES = join(ROOT, 'apps/server/src');
const MARK = /\/\/ Stryker disable next-line ([\w,]+)(.*)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** What is wrong with each mark of `text`, as `line: problem`. */
export function markProblems(text: string): string[] {
  const lines = text.split('\n');
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const mark = MARK.exec(line);
    if (!mark) return;
    if (!/^: \S/.test(mark[2] ?? '')) problems.push(`${index + 1}: a mark without its reason`);
    const next = (lines[index + 1] ?? '').trim();
    if (next === '' || /^(\.|\)|\/\/|\/\*)/.test(next)) {
      problems.push(`${index + 1}: the next line does not start a statement or expression: '${next}'`);
    }
  });
  return problems;
}

describe('Stryker marks in the mutated code', () => {
  it('finds what it must: a mark inside a method chain, and one without a reason', () => {
    const chained = [
      'await query',
      '  // Stryker disable next-line ObjectLiteral: one row',
      '  .then((r) => r);',
    ];
    expect(markProblems(chained.join('\n'))).toEqual([
      "2: the next line does not start a statement or expression: '.then((r) => r);'",
    ]);
    expect(markProblems('// Stryker disable next-line all\nconst a = 1;')).toEqual([
      '1: a mark without its reason',
    ]);
    expect(
      markProblems('// Stryker disable next-line StringLiteral: text only\nthrow new Error("x");'),
    ).toEqual([]);
  });

  it('has every mark of apps/server/src where Stryker reads it, with its reason', () => {
    const problems = sourceFiles(SOURCES).flatMap((file) =>
      markProblems(readFileSync(file, 'utf8')).map((problem) => `${relative(ROOT, file)}:${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
