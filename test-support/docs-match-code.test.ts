// Statements of the docs that the code can contradict, checked against the code: a change to one side
// that forgets the other fails here instead of leaving a newcomer a wrong account.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './doc-citations';

const read = (file: string): string => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The body of `function name(` in `source`, up to the next top-level function. */
function functionBody(source: string, name: string): string {
  const start = source.indexOf(`function ${name}(`);
  expect(start, `function ${name} in the source`).toBeGreaterThanOrEqual(0);
  const next = source.indexOf('\nfunction ', start + 1);
  return source.slice(start, next === -1 ? undefined : next);
}

describe('docs/architecture.md against the code it describes', () => {
  const architecture = read('docs/architecture.md');

  it("gives judgeCash's steps in the order batch-decide.ts takes them", () => {
    const from = architecture.slice(architecture.indexOf('For one cash call, `judgeCash`'));
    const list = from.slice(0, from.indexOf('\n\n', from.indexOf('\n1. ')));
    const body = functionBody(read('apps/server/src/ledger/batch-decide.ts'), 'judgeCash');
    // The steps the list names by the function judgeCash calls for them: the same order on both sides.
    const steps = ['judgeCorrection', 'checkCall', 'inVenue', 'needsApproval'];
    for (const step of steps) {
      expect(list, `docs/architecture.md names ${step}`).toContain(`\`${step}\``);
      expect(body, `judgeCash calls ${step}`).toContain(`${step}(`);
    }
    const byDoc = [...steps].sort((a, b) => list.indexOf(`\`${a}\``) - list.indexOf(`\`${b}\``));
    const byCode = [...steps].sort((a, b) => body.indexOf(`${a}(`) - body.indexOf(`${b}(`));
    expect(byDoc).toEqual(byCode);
  });

  it('gives the sample of answers checked against their schema outside tests as route-schemas.ts has it', () => {
    const sample = /export const RESPONSE_CHECK_SAMPLE = (\d+);/.exec(
      read('apps/server/src/http/route-schemas.ts'),
    );
    expect(sample).not.toBeNull();
    expect(architecture).toContain(`\`RESPONSE_CHECK_SAMPLE\` (${sample![1]})`);
  });
});
