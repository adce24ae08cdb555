// Reads the contract's `{err, ...details}` out of an RTK Query error.
import type { ErrorBody } from '@cashdesk/contract';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

export interface ApiFailure {
  /** HTTP status, or 'network' when no answer came. */
  status: number | 'network';
  err: string | null;
  details: Record<string, unknown>;
}

export function apiFailure(error: FetchBaseQueryError | SerializedError | undefined): ApiFailure {
  if (!error || !('status' in error)) return { status: 'network', err: null, details: {} };
  if (typeof error.status !== 'number') {
    return { status: 'network', err: error.status === 'TIMEOUT_ERROR' ? 'timeout' : null, details: {} };
  }
  const body = error.data as Partial<ErrorBody> | undefined;
  const { err, ...details } = body && typeof body === 'object' ? body : {};
  return { status: error.status, err: typeof err === 'string' ? err : null, details };
}
