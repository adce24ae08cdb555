// Builds the answers of money and linking calls (types.ts Outcome). Refusals by a money rule are outcomes
// too; refusals that must not use up a trx are thrown as ApiError (http/api-error.ts) instead.
import { ERR_STATUS, type ErrText } from '@cashdesk/contract';
import type { Outcome } from './types.js';

export type { Outcome } from './types.js';

export function ok<T>(body: T): Outcome<T> {
  return { status: 200, body };
}

export function refusal(err: ErrText, details: Record<string, unknown> = {}): Outcome<{ err: ErrText }> {
  return { status: ERR_STATUS[err], body: { err, ...details } };
}
