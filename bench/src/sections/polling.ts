import type { Options } from '../options.js';
import type { Target } from '../targets.js';
import type { SectionResult } from './section.js';

export async function pollingSection(_target: Target, _options: Options): Promise<SectionResult> {
  return { ok: true, markdown: '' };
}
