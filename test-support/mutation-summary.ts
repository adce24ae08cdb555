// What `npm run mutation` left behind, as docs/testing.md records it: the score per mutated file and every
// mutant no test detected, by `file:line:column` of apps/server/src/. Reads Stryker's JSON report
// (reports/mutation/mutation.json, the mutation-testing-report-schema) so the figures in the doc are
// copied from a run, never typed in: `npm run mutation:summary`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type MutantStatus =
  'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

export interface ReportMutant {
  mutatorName: string;
  /** Why an ignored mutant was not tested: static, or the reason of its `Stryker disable` comment. */
  statusReason?: string;
  replacement?: string;
  status: MutantStatus;
  location: { start: { line: number; column: number } };
}

export interface MutationReport {
  files: Record<string, { mutants: ReportMutant[] }>;
}

export interface FileScore {
  file: string;
  mutants: number;
  killed: number;
  timedOut: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  /** Errors (a mutant that does not compile or crashes the runner) count neither way, as in Stryker. */
  errors: number;
}

const SOURCE_ROOT = 'apps/server/src/';

function shortName(path: string): string {
  const at = path.indexOf(SOURCE_ROOT);
  return at === -1 ? path : path.slice(at + SOURCE_ROOT.length);
}

export function scoreOf(file: string, mutants: ReportMutant[]): FileScore {
  const count = (status: MutantStatus) => mutants.filter((mutant) => mutant.status === status).length;
  return {
    file,
    mutants: mutants.length,
    killed: count('Killed'),
    timedOut: count('Timeout'),
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    ignored: count('Ignored'),
    errors: count('CompileError') + count('RuntimeError'),
  };
}

/** Stryker's mutation score: detected over valid mutants (ignored and errors count neither way). */
export function scorePercent(score: FileScore): number {
  const detected = score.killed + score.timedOut;
  const valid = detected + score.survived + score.noCoverage;
  return valid === 0 ? 100 : (100 * detected) / valid;
}

export function fileScores(report: MutationReport): FileScore[] {
  const scores = Object.entries(report.files)
    .map(([path, file]) => scoreOf(shortName(path), file.mutants))
    .sort((a, b) => a.file.localeCompare(b.file));
  const total = scores.reduce<FileScore>(
    (sum, score) => ({
      file: 'all',
      mutants: sum.mutants + score.mutants,
      killed: sum.killed + score.killed,
      timedOut: sum.timedOut + score.timedOut,
      survived: sum.survived + score.survived,
      noCoverage: sum.noCoverage + score.noCoverage,
      ignored: sum.ignored + score.ignored,
      errors: sum.errors + score.errors,
    }),
    scoreOf('all', []),
  );
  return [...scores, total];
}

export function scoreTable(scores: FileScore[]): string {
  const header = [
    '| file | mutants | killed | timed out | survived | no coverage | ignored (static) | errors | score |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const rows = scores.map((score) => {
    const name = score.file === 'all' ? 'all' : `\`${score.file}\``;
    const cells = [
      score.mutants,
      score.killed,
      score.timedOut,
      score.survived,
      score.noCoverage,
      score.ignored,
    ];
    return `| ${name} | ${cells.join(' | ')} | ${score.errors} | ${scorePercent(score).toFixed(1)}% |`;
  });
  return [...header, ...rows].join('\n');
}

/** One line per mutant no test detected, in file and source order, as the doc's survivor list starts it. */
export function undetectedLines(report: MutationReport): string[] {
  return Object.entries(report.files)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, file]) =>
      file.mutants
        .filter((mutant) => mutant.status === 'Survived' || mutant.status === 'NoCoverage')
        .sort(
          (a, b) =>
            a.location.start.line - b.location.start.line ||
            a.location.start.column - b.location.start.column,
        )
        .map((mutant) => {
          const { line, column } = mutant.location.start;
          const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ');
          return `- \`${shortName(path)}:${line}:${column}\` ${mutant.mutatorName} -> \`${replacement}\` (${mutant.status})`;
        }),
    );
}

const STATIC = 'Static mutant (and "ignoreStatic" was enabled)';

/**
 * The mutants a `// Stryker disable` comment leaves out, counted by file and by the reason the comment
 * gives (static mutants, left out by `ignoreStatic`, are counted apart).
 */
export function ignoredLines(report: MutationReport): string[] {
  const counts = new Map<string, number>();
  for (const [path, file] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    for (const mutant of file.mutants) {
      if (mutant.status !== 'Ignored') continue;
      const reason = mutant.statusReason === STATIC ? 'static (ignoreStatic)' : (mutant.statusReason ?? '');
      const line = `- \`${shortName(path)}\`: ${reason}`;
      counts.set(line, (counts.get(line) ?? 0) + 1);
    }
  }
  return [...counts].map(([line, count]) => (count === 1 ? line : `${line} (${count})`));
}

function main(): void {
  const reportPath = process.argv[2] ?? 'reports/mutation/mutation.json';
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as MutationReport;
  console.log(scoreTable(fileScores(report)));
  console.log();
  console.log(undetectedLines(report).join('\n'));
  console.log();
  console.log(ignoredLines(report).join('\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
