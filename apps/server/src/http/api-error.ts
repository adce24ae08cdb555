// The contract's error as an exception: thrown where a call cannot go on (validation, permission, a
// refusal that must not be stored under its trx); the error handler (errors.ts) answers `{err, ...}`.
import { ERR, ERR_STATUS, type ErrText } from '@cashdesk/contract';

/** Never carries a database or internal message to the client. */
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
