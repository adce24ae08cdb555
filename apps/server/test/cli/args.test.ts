// The CLI's argument parser: flags, values that start with '-', and one-line mistakes.
import { describe, expect, it } from 'vitest';
import { parseArgs, type ArgSpec } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/errors.js';

const spec: ArgSpec = {
  name: 'float:withdraw',
  positionals: ['<accountId>', '<amount>'],
  flags: { reason: 'string', flag: 'boolean' },
};

describe('parseArgs', () => {
  it('reads positionals, string flags (spaced or with =) and boolean flags', () => {
    const args = parseArgs(['7', '--reason', 'cash in', '12.50', '--flag', '--json'], spec);
    expect(args.positionals).toEqual(['7', '12.50']);
    expect(args.string('reason')).toBe('cash in');
    expect(args.bool('flag')).toBe(true);
    expect(args.bool('json')).toBe(true);
    expect(parseArgs(['1', '2', '--reason=a=b'], spec).string('reason')).toBe('a=b');
  });

  it("keeps '-5' as a value so the amount check can refuse it clearly", () => {
    expect(parseArgs(['1', '-5', '--reason', 'r'], spec).positionals).toEqual(['1', '-5']);
    expect(parseArgs(['1', '2', '--reason', '-x'], spec).string('reason')).toBe('-x');
    expect(parseArgs(['1', '--', '--5'], spec).positionals).toEqual(['1', '--5']);
  });

  it.each([
    [['1'], 'float:withdraw: missing <amount>'],
    [['1', '2', '3'], "float:withdraw: unexpected argument '3'"],
    [['1', '2', '--nope'], "float:withdraw: unknown flag --nope (see 'help float:withdraw')"],
    [['1', '2', '--reason'], 'float:withdraw: --reason needs a value'],
    [['1', '2', '--reason', '--flag'], 'float:withdraw: --reason needs a value'],
    [['1', '2', '--flag=yes'], 'float:withdraw: --flag takes no value'],
    [['1', '2', '--reason', 'a', '--reason', 'b'], 'float:withdraw: --reason given twice'],
  ])('refuses %j with one line', (argv, message) => {
    expect(() => parseArgs(argv, spec)).toThrow(new UsageError(message));
  });
});
