// What the user modals of the console share: the props of a modal about one user, the success toast,
// and the password rule of a new password.
import { NEW_PASSWORD_MIN_LENGTH, type BackOfficeUser } from '@cashdesk/contract';
import { useAppDispatch } from '../../../store/hooks';
import { toastShown } from '../../../store/toasts-slice';
import type { UsersScope } from '../lib/scope';

export interface UserModalProps {
  scope: UsersScope;
  user: BackOfficeUser;
  onClose: () => void;
}

/** A success toast of the console (`backOffice:` texts), each one shown even when repeated. */
export function useSuccessToast() {
  const dispatch = useAppDispatch();
  return (key: string, params?: Record<string, string>) =>
    dispatch(
      toastShown({
        id: `bo:${key}:${Date.now()}`,
        kind: 'success',
        key: `backOffice:${key}`,
        ...(params ? { params } : {}),
      }),
    );
}

/** What is wrong with a new password (a backOffice catalogue key), or null. */
export const passwordError = (password: string) =>
  password.length < NEW_PASSWORD_MIN_LENGTH
    ? 'form.passwordShort'
    : password.length > 64
      ? 'form.tooLong'
      : null;
