// The paging and time window of the contract's `pageQuery` (from, to, limit, before), as plain numbers.
import { ApiError } from '../http/api-error.js';

export const DEFAULT_PAGE_SIZE = 100;

export interface PageBounds {
  fromMs?: number;
  toMs?: number;
  beforeId?: number;
  limit: number;
}

export function pageBounds(q: { from?: Date; to?: Date; limit?: number; before?: number }): PageBounds {
  if (q.from && q.to && q.from.getTime() > q.to.getTime()) {
    throw ApiError.validation('from', 'must not be after to');
  }
  return {
    ...(q.from ? { fromMs: q.from.getTime() } : {}),
    ...(q.to ? { toMs: q.to.getTime() } : {}),
    ...(q.before !== undefined ? { beforeId: q.before } : {}),
    limit: q.limit ?? DEFAULT_PAGE_SIZE,
  };
}
