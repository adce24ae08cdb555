// The answer to a money or linking call, as status + body: what the ledger stores under a trx (so a
// replay gets it byte for byte) and what the route sends back. Refusals by a money rule are outcomes
// too; refusals that must not use up a trx are thrown as ApiError (http/api-error.ts) instead.
import { ERR_STATUS, type ErrText } from '@cashdesk/contract';

export interface Outcome<T = unknown> {
  status: number;
  body: T;
}

export function ok<T>(body: T): Outcome<T> {
  return { status: 200, body };
}

export function refusal(err: ErrText, details: Record<string, unknown> = {}): Outcome<{ err: ErrText }> {
  return { status: ERR_STATUS[err], body: { err, ...details } };
}
