// When a run counts as CI (ci.ts): every value a CI service sets, and the ways to say it is not.
import { describe, expect, it } from 'vitest';
import { isCI } from './ci';

describe('isCI', () => {
  it.each(['true', 'TRUE', '1', 'yes', 'woodpecker'])('CI=%s is CI', (value) => {
    expect(isCI({ CI: value })).toBe(true);
  });
  it.each([undefined, '', 'false', 'FALSE', '0', ' '])('CI=%s is not', (value) => {
    expect(isCI(value === undefined ? {} : { CI: value })).toBe(false);
  });
});
