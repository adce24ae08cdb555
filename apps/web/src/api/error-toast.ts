// Spec section 8: which toast an API failure shows. Feature code adds its own behaviour (close the
// modal, reset the form) on top; the message itself is decided here, once.
import { ERR, formatCents } from '@cashdesk/contract';
import type { Toast } from '../features/toasts/toasts-slice';
import type { ApiFailure } from './api-error';

export type CallKind = 'default' | 'signIn' | 'remote' | 'me';

function cents(value: unknown): string {
  return typeof value === 'number' && Number.isSafeInteger(value) ? formatCents(value) : '?';
}

export function errorToast(failure: ApiFailure, call: CallKind = 'default'): Toast {
  const error = (key: string, params?: Toast['params']): Toast => ({
    id: `error:${key}`,
    kind: 'error',
    key: `errors:${key}`,
    ...(params ? { params } : {}),
  });
  const { status, err, details } = failure;

  if (status === 401 && call !== 'signIn') return error('cookieExpired');
  if (err === 'timeout') return error('timeout');
  if (status === 'network') return error('network');
  if (call === 'remote' && status === 406) return error('anotherCashier');
  switch (err) {
    case ERR.forbidden:
      return error('forbidden');
    case ERR.noAccount:
      return error('noAccount');
    case ERR.userBlocked:
      return error('userBlocked');
    case ERR.userNotFound:
      return error('userNotFound');
    case ERR.tooManyAttempts:
      return error('tooManyAttempts', {
        seconds: typeof details.retry_after === 'number' ? details.retry_after : 60,
      });
    case ERR.overdraft:
      return error('overdraft', { balance: cents(details.balance), overdraft: cents(details.overdraft) });
    case ERR.notEnoughMoney:
    case 'negative balance':
      return error('notEnoughMoney');
    case ERR.hardBlock:
      return error('hardBlockAccount');
    case ERR.lightBlock:
      return error('lightBlockAccount');
    case ERR.minAmount:
      return error('minAmount', { amount: cents(details.min_amount) });
    case ERR.maxAmount:
      return error('maxAmount', { amount: cents(details.max_amount) });
    case ERR.pinChanged:
      return error('anotherCashier');
    case ERR.internal:
      return error(call === 'signIn' ? 'internalLogin' : 'internal');
  }
  if (status === 409)
    return error('overdraft', { balance: cents(details.balance), overdraft: cents(details.overdraft) });
  if (status === 500) return error(call === 'signIn' ? 'internalLogin' : 'internal');
  // Other errors: the server's own text (it is stable API, never a stack or SQL: the server sees to that).
  if (err) return { id: `error:text:${err}`, kind: 'error', text: err };
  return error('unknown');
}
