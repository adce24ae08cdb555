// An accessibility scan of what a page shows now, with axe-core (WCAG 2.x A and AA rules and axe's best
// practices). The browser tests fail on serious and critical findings.
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING_IMPACTS: readonly string[] = ['serious', 'critical'];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements, a few at most. */
  targets: string[];
}

/** Runs axe-core on the page as it is (injected once per document) and returns its violations. */
export async function axeScan(page: Page): Promise<AxeFinding[]> {
  // page.evaluate runs outside the page's Content-Security-Policy, which refuses injected scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (tags) =>
      window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    AXE_TAGS,
  );
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

/** The findings a screen must not have: serious and critical ones. */
export function failing(findings: readonly AxeFinding[]): AxeFinding[] {
  return findings.filter((f) => FAILING_IMPACTS.includes(f.impact));
}

export function describeFinding(f: AxeFinding): string {
  return `[${f.impact}] ${f.rule}: ${f.help} (${f.targets.join(', ')})`;
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
