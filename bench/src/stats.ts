// Turns per-operation latencies into the figures we report, and prints them as aligned text tables.

export interface CaseResult {
  ops: number;
  /** Wall time of the measured run, from the first call to the last answer. */
  wallMs: number;
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * Nearest-rank percentile of an ascending array: always a latency that was really observed, never an
 * interpolation between two, so p99 of 2000 samples is the 1980th smallest.
 */
export function percentile(sortedAsc: Float64Array, p: number): number {
  if (sortedAsc.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sortedAsc.length);
  return sortedAsc[Math.min(sortedAsc.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function summarize(latenciesMs: Float64Array, wallMs: number): CaseResult {
  // A copy: Float64Array sorts numerically (a plain array would sort as strings).
  const sorted = Float64Array.from(latenciesMs).sort();
  return {
    ops: sorted.length,
    wallMs,
    opsPerSec: (sorted.length / wallMs) * 1000,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatRate(opsPerSec: number): string {
  return integer.format(opsPerSec);
}

/** Two decimals below 10 ms, one above: enough to compare, not more than the noise justifies. */
export function formatMs(ms: number): string {
  return ms < 10 ? ms.toFixed(2) : ms.toFixed(1);
}

export function formatRatio(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : '';
}

export type Align = 'left' | 'right';

export interface Column {
  header: string;
  align: Align;
}

/** The measured columns of a case beside its raw-SQL baseline (deposits and HTTP cash tables). */
export const VERSUS_RAW_COLUMNS: Column[] = [
  { header: 'ops', align: 'right' },
  { header: 'ops/s', align: 'right' },
  { header: 'p50 ms', align: 'right' },
  { header: 'p99 ms', align: 'right' },
  { header: '/raw ops/s', align: 'right' },
  { header: '/raw p50', align: 'right' },
];

/** The cells of VERSUS_RAW_COLUMNS; the ratios stay empty on the baseline's own row (raw undefined). */
export function versusRawCells(result: CaseResult, raw: CaseResult | undefined): string[] {
  return [
    String(result.ops),
    formatRate(result.opsPerSec),
    formatMs(result.p50Ms),
    formatMs(result.p99Ms),
    raw ? formatRatio(result.opsPerSec / raw.opsPerSec) : '',
    raw ? formatRatio(result.p50Ms / raw.p50Ms) : '',
  ];
}

/** Renders a table with padded columns for the terminal; `markdown` gives the same table for BENCHMARKS.md. */
export function renderTable(
  columns: Column[],
  rows: string[][],
  style: 'text' | 'markdown' = 'text',
): string {
  if (style === 'markdown') {
    const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
    const rule = columns.map((c) => (c.align === 'right' ? '---:' : '---'));
    return [line(columns.map((c) => c.header)), line(rule), ...rows.map(line)].join('\n');
  }
  const widths = columns.map((c, i) => Math.max(c.header.length, ...rows.map((r) => (r[i] ?? '').length)));
  const pad = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return columns[i]?.align === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [pad(columns.map((c) => c.header)), rule, ...rows.map(pad)].join('\n');
}
