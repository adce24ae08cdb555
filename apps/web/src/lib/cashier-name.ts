// How the screens name the cashier: the navigation bar, the lock screen, support and the history page
// (docs/product.md sections 2 and 5).

/** Names of this many characters or more are shortened. */
export const CASHIER_NAME_SHORTEN_FROM = 10;
const HEAD = 5;
const TAIL = 4;

/**
 * Display only: a name of 10 or more characters shows its first 5 and last 4 characters around an
 * ellipsis ("Alexandria Smith" -> "Alexa…mith"). Counted in code points, so no emoji or accented
 * letter is cut in half.
 */
export function shortenCashierName(name: string): string {
  const chars = Array.from(name);
  if (chars.length < CASHIER_NAME_SHORTEN_FROM) return name;
  return `${chars.slice(0, HEAD).join('')}…${chars.slice(-TAIL).join('')}`;
}

/** The name to show: the user's own (trimmed), or the fallback word ('Cashier') when there is none. */
export function cashierDisplayName(name: string | null | undefined, fallback: string): string {
  const trimmed = name?.trim() ?? '';
  return trimmed === '' ? fallback : trimmed;
}

/** The avatar's letter: the first character of the shown name, upper-cased. */
export function avatarInitial(displayName: string): string {
  return (Array.from(displayName)[0] ?? '?').toLocaleUpperCase();
}
