// What a failed console call says, in the reader's language: the back office's own refusals by name,
// a validation issue with its field, and everything else as the cashier screens say it (errorToast).
import { ERR, formatCents } from '@cashdesk/contract';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TFunction } from 'i18next';
import { apiFailure } from '../../../api/api-error';
import { errorToast } from '../../../api/error-toast';

export function failureText(error: FetchBaseQueryError | SerializedError | undefined, t: TFunction): string {
  const failure = apiFailure(error);
  const cents = (value: unknown) => (typeof value === 'number' ? formatCents(value) : '?');
  switch (failure.err) {
    case ERR.loginTaken:
      return t('backOffice:errors.loginTaken');
    case ERR.deviceHasMoney:
      return t('backOffice:errors.deviceHasMoney');
    case ERR.notFound:
      return t('backOffice:errors.notFound');
    case ERR.overdraft:
      return t('backOffice:errors.overdraft', {
        balance: cents(failure.details.balance),
        overdraft: cents(failure.details.overdraft),
      });
    case ERR.validation: {
      const issues = failure.details.issues;
      const first = Array.isArray(issues) ? (issues[0] as { path?: unknown; message?: unknown }) : undefined;
      const field = typeof first?.path === 'string' && first.path !== '' ? `${first.path}: ` : '';
      const message = typeof first?.message === 'string' ? first.message : '';
      return t('backOffice:errors.validation', { detail: `${field}${message}`.trim() || '?' });
    }
  }
  const toast = errorToast(failure);
  return t(toast.key, toast.params);
}

/**
 * Why the ledger refused a payout a manager approved (four eyes: an approval's `outcome` when `failed`, the
 * refusal's own body, e.g. `{err: 'device moved'}`), as the console says that refusal. The body comes
 * without its status: 422 stands for it, a status that adds no meaning of its own to a known text, and
 * makes an unknown one read 'Unknown error' (never the overdraft sentence a bare 409 gets).
 */
export function outcomeText(outcome: Record<string, unknown> | null | undefined, t: TFunction): string {
  return failureText({ status: 422, data: outcome ?? {} }, t);
}
