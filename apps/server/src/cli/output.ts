// What commands print: plain text for people, or with --json the same result as JSON for scripts.
import { formatCents } from '@cashdesk/contract';

export interface Writer {
  write(text: string): unknown;
}

export class Printer {
  constructor(
    private readonly out: Writer,
    readonly json: boolean,
  ) {}

  /** Prints `data` as JSON under --json, else the human text. */
  result(data: unknown, human: () => string): void {
    this.out.write(this.json ? `${JSON.stringify(data, null, 2)}\n` : `${human()}\n`);
  }

  /** A note for people only (hints, warnings); left out of JSON output so it stays parseable. */
  note(text: string): void {
    if (!this.json) this.out.write(`${text}\n`);
  }
}

export function money(cents: number, currency: string): string {
  return `${formatCents(cents)} ${currency}`;
}

export function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

/** Left-aligned columns separated by two spaces. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}
