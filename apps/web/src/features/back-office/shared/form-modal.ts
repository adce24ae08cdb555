// What every modal form of the console keeps besides its own fields: the reason for the audit log, the
// failure of the last try, and how a call ends (its failure shown in the form, or the form closed and a
// success toast). The modal itself is drawn by form-shell.tsx.
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store/hooks';
import { toastShown, type ToastKind } from '../../../store/toasts-slice';
import { failureText } from './failure-text';
import { reasonOf } from './reason-field';

/** A mutation's answer, as RTK Query gives it. */
type CallResult<T> =
  { data: T; error?: undefined } | { data?: undefined; error: FetchBaseQueryError | SerializedError };

/** The toast a call's answer ends a form with, when the answer decides which (a manager's decision). */
export interface FormToast {
  key: string;
  params?: Record<string, string>;
  /** success unless said: an answer may tell of a refusal behind it (an approval the ledger refused). */
  kind?: ToastKind;
}

/** A toast of the console (`backOffice:` texts unless the key names its namespace), each one shown even when repeated. */
function useFormToast() {
  const dispatch = useAppDispatch();
  return ({ key, params, kind = 'success' }: FormToast) =>
    dispatch(
      toastShown({
        id: `bo:${key}:${Date.now()}`,
        kind,
        // A key of another of the console's namespaces comes with it (`backOfficePlayers:...`).
        key: key.includes(':') ? key : `backOffice:${key}`,
        ...(params ? { params } : {}),
      }),
    );
}

/** The state of a console modal form that closes with `onClose`; `busy` while its call runs. */
export function useFormModal(onClose: () => void, busy: boolean) {
  const { t } = useTranslation('backOffice');
  const toast = useFormToast();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  /**
   * Awaits the call: a failure stays in the form (and gives undefined); a success closes the form, shows
   * the success toast `toastKey` with `params` (of the call's answer), or the toast `toastKey` makes of
   * the answer, and gives the answer.
   */
  async function send<T>(
    call: Promise<CallResult<T>>,
    toastKey: string | ((data: T) => FormToast),
    params?: Record<string, string> | ((data: T) => Record<string, string>),
  ): Promise<T | undefined> {
    const result = await call;
    if (result.error) {
      setFailure(failureText(result.error, t));
      return undefined;
    }
    onClose();
    if (typeof toastKey === 'function') toast(toastKey(result.data));
    else {
      const values = typeof params === 'function' ? params(result.data) : params;
      toast({ key: toastKey, ...(values ? { params: values } : {}) });
    }
    return result.data;
  }

  return {
    setFailure,
    send,
    /** The reason to send with the call: trimmed, left out when empty. */
    reason: reasonOf(reason),
    /** Spread on the form's ReasonField. */
    reasonField: { value: reason, onChange: setReason },
    /** Spread on the FormShell. */
    shell: { busy, failure, onClose },
  };
}
