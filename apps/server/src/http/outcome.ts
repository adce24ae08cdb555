// An answer to a call, as status + body: what the ledger stores under a trx and what a route sends.
import { ERR, ERR_STATUS, type ErrText } from '@cashdesk/contract';

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

/**
 * Thrown where a handler cannot go on; the error handler turns it into `{err, ...details}`.
 * Never carries a database or internal message to the client.
 */
export class ApiError extends Error {
  constructor(
    readonly err: ErrText,
    readonly details: Record<string, unknown> = {},
  ) {
    super(err);
  }
  get status(): number {
    return ERR_STATUS[this.err];
  }
  static validation(path: string, message: string): ApiError {
    return new ApiError(ERR.validation, { issues: [{ path, message }] });
  }
}
