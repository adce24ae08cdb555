// What the user modals of the console share: the props of a modal about one user and the password rule
// of a new password (what every console modal shares is in form-modal.ts).
import { NEW_PASSWORD_MIN_LENGTH, type BackOfficeUser } from '@cashdesk/contract';
import type { UsersScope } from '../shared/scope';

export interface UserModalProps {
  scope: UsersScope;
  user: BackOfficeUser;
  onClose: () => void;
}

/** What is wrong with a new password (a backOffice catalogue key), or null. */
export const passwordError = (password: string) =>
  password.length < NEW_PASSWORD_MIN_LENGTH
    ? 'form.passwordShort'
    : password.length > 64
      ? 'form.tooLong'
      : null;
