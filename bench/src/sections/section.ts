// What every benchmark section gives back to main: whether its checks held, and its tables as Markdown.
export interface SectionResult {
  /** false when a check failed (corrupt ledger, refused calls): the figures are not trustworthy. */
  ok: boolean;
  markdown: string;
}
