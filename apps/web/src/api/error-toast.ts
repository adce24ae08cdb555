// docs/product.md section 8: which toast an API failure shows. Feature code adds its own behaviour (close the
// modal, reset the form) on top; the message itself is decided here, once. Every message is a catalogue
// text (api/error-texts.ts): a text the contract does not know falls back to 'unknown', never to the
// server's own words.
import { ERR, formatCents, type ErrText } from '@cashdesk/contract';
import type { Toast } from '../store/toasts-slice';
import type { ApiFailure } from './api-error';
import { contractErr, ERR_KEYS } from './error-texts';

/**
 * Who asked: sign-in (its 500 text differs, a 401 is not an expiry), a remote device call (406: another
 * cashier), the user query of a visitor never signed in on this screen (401: 'unauthorized'), or any other.
 */
export type CallKind = 'default' | 'signIn' | 'remote' | 'me';

function cents(value: unknown): string {
  return typeof value === 'number' && Number.isSafeInteger(value) ? formatCents(value) : '?';
}

/** An ISO day (YYYY-MM-DD), as an exclusion's `until` is; anything else reads as indefinite. */
function isDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

function errorOf(key: string, params?: Toast['params']): Toast {
  return { id: `error:${key}`, kind: 'error', key: `errors:${key}`, ...(params ? { params } : {}) };
}

/**
 * A refused deposit's toast names the float as the navigation bar shows it (features/float
 * float-visibility.ts): balance plus overdraft when the cashier sees the overdraft, else the balance
 * alone. The server sends null for the figures the cashier's restrictions hide
 * (packages/contract/src/float-visibility.ts answerForViewer), and the toast leaves them out.
 */
function overdraftToast(details: Record<string, unknown>): Toast {
  const { balance, overdraft } = details;
  if (balance === null) return mustRead(errorOf('overdraftHidden'));
  // A hidden overdraft comes as null: the bar then shows the balance alone.
  const float = typeof balance === 'number' && typeof overdraft === 'number' ? balance + overdraft : balance;
  return mustRead(errorOf('overdraft', { float: cents(float) }));
}

/** A message with figures or rules a person must read: it stays until closed (store/toasts-slice.ts). */
function mustRead(toast: Toast): Toast {
  return { ...toast, sticky: true };
}

const WEAK_PASSWORD_KEYS: Readonly<Record<string, string>> = {
  common: 'weakPasswordCommon',
  login: 'weakPasswordLogin',
  guessable: 'weakPasswordGuessable',
  current: 'weakPasswordCurrent',
};

/** The toast of a contract error text, with the figures its sentence names. */
function contractToast(err: ErrText, details: Record<string, unknown>, call: CallKind): Toast {
  switch (err) {
    case ERR.tooManyAttempts:
      return errorOf('tooManyAttempts', {
        seconds: typeof details.retry_after === 'number' ? details.retry_after : 60,
      });
    case ERR.overdraft:
      return overdraftToast(details);
    case ERR.minAmount:
      return mustRead(errorOf('minAmount', { amount: cents(details.min_amount) }));
    case ERR.maxAmount:
      return mustRead(errorOf('maxAmount', { amount: cents(details.max_amount) }));
    case ERR.internal:
      return errorOf(call === 'signIn' ? 'internalLogin' : 'internal');
    // Players (contract "Players"): what is left of the day's limit, until when the player is excluded,
    // and the rules a payout or a seat asks for: each stays until read.
    case ERR.depositLimit:
      return mustRead(errorOf('depositLimit', { left: cents(details.left) }));
    case ERR.playerExcluded:
      return mustRead(
        isDay(details.until)
          ? errorOf('playerExcluded', { until: details.until })
          : errorOf('playerExcludedIndefinitely'),
      );
    case ERR.identityRequired:
    case ERR.seatTaken:
      return mustRead(errorOf(ERR_KEYS[err]));
    case ERR.weakPassword:
      // Why it was refused (auth/password-policy.ts on the server), so the cashier knows what to change.
      return mustRead(errorOf(WEAK_PASSWORD_KEYS[String(details.reason)] ?? 'weakPassword'));
    default:
      return errorOf(ERR_KEYS[err]);
  }
}

export function errorToast(failure: ApiFailure, call: CallKind = 'default'): Toast {
  const { status, err, details } = failure;

  if (status === 401 && call !== 'signIn') return errorOf(call === 'me' ? 'unauthorized' : 'cookieExpired');
  if (err === 'timeout') return errorOf('timeout');
  if (status === 'network') return errorOf('network');
  if (call === 'remote' && status === 406) return errorOf('anotherCashier');
  const known = contractErr(err);
  // Blocked while signed in (any call but sign-in): the same toast as the session's end (SessionWatcher),
  // so the cashier reads once why they are signed out.
  if (known === ERR.userBlocked && call !== 'signIn') return errorOf('sessionBlocked');
  if (known) return contractToast(known, details, call);
  // A bare 409 is the spec's overdraft (docs/product.md section 8); a 409 with a text of its own the
  // contract does not know is not, and never reads as one (a device moved is not an empty float).
  if (status === 409 && err === null) return overdraftToast(details);
  if (status === 500) return errorOf(call === 'signIn' ? 'internalLogin' : 'internal');
  return errorOf('unknown');
}
