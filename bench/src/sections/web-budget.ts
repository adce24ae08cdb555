import type { Options } from '../options.js';
import type { SectionResult } from './section.js';

export async function webBudgetSection(_options: Options): Promise<SectionResult> {
  return { ok: true, markdown: '' };
}
