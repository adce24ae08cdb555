// Which new passwords are refused, wherever a password is set (change password, the back office, the
// CLI): one of the ~49,000 most common passwords (zxcvbn-ts's maintained list), the login itself or a
// password that holds it, or the user's current password. Length rules stay in the request schemas.
import { ERR } from '@cashdesk/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { ApiError } from '../http/api-error.js';
import { verifyPassword } from './password.js';

export type WeakPasswordReason = 'common' | 'login' | 'current';

/** Logins this short are refused only as the whole password: 'ana' inside 'banana split' is chance. */
const MIN_LOGIN_TO_SEARCH = 4;

let commonPasswords: ReadonlySet<string> | null = null;
function isCommon(normalised: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(normalised);
}

const normalise = (text: string) => text.normalize('NFKC').trim().toLowerCase();

/** The reason `password` may not be chosen by `login`, leaving out the current-password check. */
export function weakPasswordReason(password: string, login: string): WeakPasswordReason | null {
  const candidate = normalise(password);
  const name = normalise(login);
  if (candidate === name || (name.length >= MIN_LOGIN_TO_SEARCH && candidate.includes(name))) return 'login';
  // 'Password1!' is as guessable as 'password1!': the list is lower case.
  if (isCommon(candidate) || isCommon(candidate.replace(/\s/g, ''))) return 'common';
  return null;
}

/**
 * 422 `weak password` with its `reason` unless `password` may be set for `login`; `currentHash`, when
 * the user has a password already, refuses choosing it again.
 */
export async function assertAcceptablePassword(
  password: string,
  user: { login: string; currentHash?: string | null },
): Promise<void> {
  const reason = weakPasswordReason(password, user.login);
  if (reason !== null) throw new ApiError(ERR.weakPassword, { reason });
  if (user.currentHash && (await verifyPassword(user.currentHash, password))) {
    throw new ApiError(ERR.weakPassword, { reason: 'current' satisfies WeakPasswordReason });
  }
}
