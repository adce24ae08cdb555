// docs/product.md section 5, change password: old, new and repeat are required and at most 64 characters; repeat
// must equal new. The new password's minimum (8) is the contract's (NEW_PASSWORD_MIN_LENGTH): checking
// it here saves a round trip that the server would refuse anyway.
import { CHANGE_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH } from '@cashdesk/contract';
import type { FieldError } from './login-validation';

export interface ChangePasswordValues {
  old: string;
  new: string;
  repeat: string;
}

export type ChangePasswordErrors = Record<keyof ChangePasswordValues, FieldError | null>;

const max = { max: CHANGE_PASSWORD_MAX_LENGTH };

export function validateChangePassword(values: ChangePasswordValues): ChangePasswordErrors {
  return {
    old:
      values.old === ''
        ? { key: 'changePassword.oldRequired' }
        : values.old.length > CHANGE_PASSWORD_MAX_LENGTH
          ? { key: 'changePassword.oldTooLong', params: max }
          : null,
    new:
      values.new === ''
        ? { key: 'changePassword.newRequired' }
        : values.new.length < NEW_PASSWORD_MIN_LENGTH
          ? { key: 'changePassword.newTooShort', params: { min: NEW_PASSWORD_MIN_LENGTH } }
          : values.new.length > CHANGE_PASSWORD_MAX_LENGTH
            ? { key: 'changePassword.newTooLong', params: max }
            : null,
    repeat:
      values.repeat === ''
        ? { key: 'changePassword.repeatRequired' }
        : values.repeat.length > CHANGE_PASSWORD_MAX_LENGTH
          ? { key: 'changePassword.repeatTooLong', params: max }
          : values.repeat !== values.new
            ? { key: 'changePassword.mismatch' }
            : null,
  };
}
