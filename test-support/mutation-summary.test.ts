import { describe, expect, it } from 'vitest';
import {
  fileScores,
  ignoredLines,
  scorePercent,
  scoreTable,
  undetectedLines,
  type MutationReport,
  type ReportMutant,
} from './mutation-summary';

function mutant(status: ReportMutant['status'], line = 1, column = 1, replacement = 'false'): ReportMutant {
  return { mutatorName: 'ConditionalExpression', replacement, status, location: { start: { line, column } } };
}

const report: MutationReport = {
  files: {
    'apps/server/src/ledger/verify.ts': {
      mutants: [
        mutant('Killed'),
        mutant('Timeout'),
        mutant('Survived', 9, 4),
        mutant('Ignored'),
        mutant('NoCoverage', 3, 2, '""'),
      ],
    },
    'apps/server/src/auth/guards.ts': {
      mutants: [mutant('Killed'), mutant('Killed'), mutant('CompileError')],
    },
  },
};

describe('mutation summary (the figures docs/testing.md copies from a run)', () => {
  it('scores detected over valid mutants: ignored ones and errors count neither way', () => {
    const [guards, verify, all] = fileScores(report);
    expect(guards).toMatchObject({ file: 'auth/guards.ts', mutants: 3, killed: 2, errors: 1 });
    expect(scorePercent(guards!)).toBe(100);
    expect(verify).toMatchObject({
      file: 'ledger/verify.ts',
      killed: 1,
      timedOut: 1,
      survived: 1,
      noCoverage: 1,
      ignored: 1,
    });
    expect(scorePercent(verify!)).toBe(50);
    expect(all).toMatchObject({
      file: 'all',
      mutants: 8,
      killed: 3,
      timedOut: 1,
      survived: 1,
      noCoverage: 1,
    });
    expect(scorePercent(all!)).toBeCloseTo(66.67, 2);
  });

  it('prints a row per file and the total', () => {
    const table = scoreTable(fileScores(report)).split('\n');
    expect(table).toHaveLength(5);
    expect(table[3]).toBe('| `ledger/verify.ts` | 5 | 1 | 1 | 1 | 1 | 1 | 0 | 50.0% |');
    expect(table[4]).toMatch(/^\| all \| 8 \| .* \| 66\.7% \|$/);
  });

  it('lists every undetected mutant by file, line and column, in source order', () => {
    expect(undetectedLines(report)).toEqual([
      '- `ledger/verify.ts:3:2` ConditionalExpression -> `""` (NoCoverage)',
      '- `ledger/verify.ts:9:4` ConditionalExpression -> `false` (Survived)',
    ]);
  });

  it('counts the ignored mutants by file and by the reason their comment gives', () => {
    const ignored = (statusReason: string): ReportMutant => ({ ...mutant('Ignored'), statusReason });
    const withReasons: MutationReport = {
      files: {
        'apps/server/src/a.ts': {
          mutants: [
            ignored('Static mutant (and "ignoreStatic" was enabled)'),
            ignored('error text only'),
            ignored('error text only'),
            mutant('Killed'),
          ],
        },
      },
    };
    expect(ignoredLines(withReasons)).toEqual([
      '- `a.ts`: static (ignoreStatic)',
      '- `a.ts`: error text only (2)',
    ]);
  });
});
