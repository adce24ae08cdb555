// Which new passwords are refused, wherever a password is set (change password, the back office, the
// CLI): one of the ~49,000 most common passwords (zxcvbn-ts's maintained list), the login itself or a
// password that holds it, one that zxcvbn-ts's strength estimate finds guessable (repeats, sequences,
// keyboard walks, dates, words with digits: `aaaaaaaa`, `abcdefgh`, `12341234`, `cashier123`), or the
// user's current password. Length rules stay in the request schemas. The threshold and why it is that
// are in docs/security.md, "Passwords".
import { CHANGE_PASSWORD_MAX_LENGTH, ERR } from '@cashdesk/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ApiError } from '../http/api-error.js';
import { verifyPassword } from './password.js';

export type WeakPasswordReason = 'common' | 'login' | 'guessable' | 'current';

/** Logins this short are refused only as the whole password: 'ana' inside 'banana split' is chance. */
const MIN_LOGIN_TO_SEARCH = 4;

/**
 * zxcvbn's score 3, "safely unguessable": at least 10^10 guesses estimated. Below it (score 2, under
 * 10^8) an offline attack on a stolen Argon2id hash at our cost (auth/password.ts) takes hours, not weeks.
 */
export const MIN_STRENGTH_SCORE = 3;

let commonPasswords: ReadonlySet<string> | null = null;
function isCommon(normalised: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(normalised);
}

/**
 * Words anyone guessing at a cash desk tries first, given to zxcvbn as the site's own words: without them
 * the demo's `cashier123` counts as strong (score 3) for any login but `cashier`.
 */
const PRODUCT_WORDS = ['cashdesk', 'cashier', 'manager', 'admin', 'casino', 'venue', 'shift'];

let estimator: ZxcvbnFactory | null = null;
/** zxcvbn's guess estimate, 0 to 4. Built on first use: ranking its dictionaries takes ~300 ms. */
function strengthScore(password: string, login: string): number {
  estimator ??= new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    // The checked length is capped at the longest password any schema lets through, and the l33t
    // matcher's substitutions at 20 (100 by default): `p4$$w0rd` eight times over took 0.6 s of the
    // event loop with the defaults, under 0.1 s so (apps/server/src/auth/password-policy.test.ts).
    maxLength: CHANGE_PASSWORD_MAX_LENGTH,
    l33tMaxSubstitutions: 20,
  });
  return estimator.check(password, [login, ...PRODUCT_WORDS]).score;
}

const normalise = (text: string) => text.normalize('NFKC').trim().toLowerCase();

/** The reason `password` may not be chosen by `login`, leaving out the current-password check. */
export function weakPasswordReason(password: string, login: string): WeakPasswordReason | null {
  const candidate = normalise(password);
  const name = normalise(login);
  if (candidate === name || (name.length >= MIN_LOGIN_TO_SEARCH && candidate.includes(name))) return 'login';
  // 'Password1!' is as guessable as 'password1!': the list is lower case.
  if (isCommon(candidate) || isCommon(candidate.replace(/\s/g, ''))) return 'common';
  if (strengthScore(password.normalize('NFKC'), name) < MIN_STRENGTH_SCORE) return 'guessable';
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
