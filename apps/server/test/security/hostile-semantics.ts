// fast-check arbitraries of input every schema accepts in form but a rule refuses for what it means:
// logins that pass for another user's (docs/security.md, "Logins") and weak passwords ("Passwords").
import fc from 'fast-check';

/** Characters that show nothing (zero-width space, joiners, word joiner, BOM, soft hyphen). */
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];
/** Characters that turn the text around on screen: overrides, embeddings, isolates, marks. */
const BIDI = ['\u202e', '\u202d', '\u202a', '\u202b', '\u2066', '\u2067', '\u2068', '\u200f', '\u061c'];
/** C0 and C1 control characters, DEL included (tab, newline and NUL among them). */
const CONTROL = fc
  .oneof(fc.integer({ min: 0x00, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f }))
  .map((code) => String.fromCharCode(code));

/** `text` in full-width forms (U+FF01..U+FF5E), which Unicode NFKC folds back to ASCII. */
export const fullWidth = (text: string): string =>
  text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x21 + 0xff01));

export interface HostileLogin {
  login: string;
  how: string;
  /** true: it folds (NFKC, case, trim) onto the login it mimics; false: it holds what no login may. */
  folds: boolean;
}

/** Inside the text, not at either end: a login is trimmed, and JavaScript's trim takes some of these. */
function insertInside(text: string, at: number, inserted: string): string {
  const i = 1 + (at % (text.length - 1));
  return text.slice(0, i) + inserted + text.slice(i);
}

/** Logins that look like `existing`: its own letters in another form, or with a character slipped in. */
export function hostileLogin(existing: string): fc.Arbitrary<HostileLogin> {
  const casing = fc
    .array(fc.boolean(), { minLength: existing.length, maxLength: existing.length })
    .map((upper) => [...existing].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
  const folding = fc.oneof(
    fc.constant({ login: fullWidth(existing), how: 'full-width' }),
    casing.map((login) => ({ login, how: 'other case' })),
    casing.map((login) => ({ login: fullWidth(login), how: 'full-width, other case' })),
    fc
      .tuple(fc.constantFrom(' ', '  ', '\u3000'), fc.constantFrom('', ' ', '\u3000'))
      .map(([before, after]) => ({ login: `${before}${existing}${after}`, how: 'spaces around' })),
  );
  const slipped = (how: string, chars: fc.Arbitrary<string>) =>
    fc.tuple(chars, fc.nat()).map(([c, at]) => ({ login: insertInside(existing, at, c), how }));
  return fc.oneof(
    folding.map((login) => ({ ...login, folds: true })),
    fc
      .oneof(
        slipped('zero-width', fc.constantFrom(...INVISIBLE)),
        slipped('bidi override', fc.constantFrom(...BIDI)),
        slipped('control character', CONTROL),
        // Both at once: a full-width look-alike with an invisible character inside.
        slipped('zero-width', fc.constantFrom(...INVISIBLE)).map((l) => ({
          login: fullWidth(l.login),
          how: 'full-width, zero-width',
        })),
      )
      .map((login) => ({ ...login, folds: false })),
  );
}

export interface WeakPassword {
  password: string;
  /** The reason the server gives (auth/password-policy.ts). */
  reason: 'common' | 'login';
}

/** Common passwords of 8 characters or more (shorter ones fail the length rule first). */
const COMMON = [
  'password',
  'password1',
  '12345678',
  '123456789',
  'qwertyuiop',
  'iloveyou',
  'football',
  'sunshine',
];

/** Weak passwords for a user with `login`: common ones and ones made of the login, in other forms too. */
export function weakPasswordOf(login: string): fc.Arbitrary<WeakPassword> {
  const disguise = (text: string) =>
    fc.constantFrom(
      text,
      text.toUpperCase(),
      text[0]!.toUpperCase() + text.slice(1),
      fullWidth(text),
      ` ${text} `,
    );
  return fc.oneof(
    fc
      .constantFrom(...COMMON)
      .chain(disguise)
      .map((password) => ({ password, reason: 'common' as const })),
    fc
      .constantFrom(login, `${login}2024`, `my${login}!`, `${login}${login}`)
      .filter((password) => password.length >= 8)
      .chain(disguise)
      .map((password) => ({ password, reason: 'login' as const })),
  );
}
