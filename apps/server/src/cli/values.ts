// Turns command-line text into checked values. Amounts are typed in units ("12.50") and become integer
// cents through the contract's parseAmountToCents: never through a float.
import { idParam, parseAmountToCents } from '@cashdesk/contract';
import type { z } from 'zod';
import { UsageError } from './errors.js';

/** Units with at most 2 decimals, no sign: "1000", "12.5", "0.05". */
export function parseUnits(label: string, text: string): number {
  const cents = parseAmountToCents(text);
  if (cents === null) {
    throw new UsageError(
      `bad ${label} '${text}': expected a positive amount in units with at most 2 decimals, e.g. 12.50`,
    );
  }
  return cents;
}

export function parseBool(label: string, text: string): boolean {
  const value = text.trim().toLowerCase();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  throw new UsageError(`bad ${label} '${text}': expected true or false`);
}

/** A non-negative whole number (basis points and the like); the schema checks the range. */
export function parseInteger(label: string, text: string): number {
  if (!/^\d{1,9}$/.test(text.trim())) throw new UsageError(`bad ${label} '${text}': expected a whole number`);
  return Number(text.trim());
}

export function parseId(label: string, text: string): number {
  const parsed = idParam.safeParse(text.trim());
  if (!parsed.success) throw new UsageError(`bad ${label} '${text}': expected a positive integer id`);
  return parsed.data;
}

/** "a, b,c" -> ["a", "b", "c"]; "" or "none" -> [] (the schema checks each name). */
export function parseList(text: string): string[] {
  if (text.trim().toLowerCase() === 'none') return [];
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Validates with a contract schema; a failure becomes one line naming the flag the operator typed
 * (`labels` maps schema paths such as `account_id` to `--account`).
 */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  labels: Readonly<Record<string, string>>,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const head = String(issue.path[0] ?? '');
    const label = labels[head] ?? head;
    const rest = issue.path.slice(1).map(String).join('.');
    return `${label}${rest ? `[${rest}]` : ''}: ${issue.message}`;
  });
  throw new UsageError(`bad input: ${problems.join('; ')}`);
}
