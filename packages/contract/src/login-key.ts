// What makes two logins one (docs/security.md, "Logins"): the login's confusable skeleton (UTS #39,
// section 4) after Unicode NFKC and lower case, so `Admin`, `ａｄｍｉｎ`, a Cyrillic `аdmin` and `admın`
// with a dotless i are all the login `admin`. Its own module, apart from domain.ts: the table is 80 kB
// that only the server uses, and the web's bundle never imports this file (package.json: sideEffects).
import { CONFUSABLES } from './confusables-table.js';
import { normaliseLogin } from './domain.js';

let prototypes: ReadonlyMap<number, string> | null = null;
/** confusables-table.ts read into code point → prototype, on first use. */
function prototypeTable(): ReadonlyMap<number, string> {
  if (prototypes) return prototypes;
  const table = new Map<number, string>();
  for (const line of CONFUSABLES.split('\n')) {
    if (line === '') continue;
    const [from, ...to] = line.split(' ').map((hex) => parseInt(hex, 16));
    table.set(from!, String.fromCodePoint(...to));
  }
  prototypes = table;
  return table;
}

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/**
 * UTS #39's skeleton: NFD, default-ignorable code points dropped, each code point replaced by its
 * prototype, NFD again. Two strings are confusable when their skeletons are equal; a skeleton is for
 * comparing, never for showing (`m` becomes `rn`).
 */
export function confusableSkeleton(text: string): string {
  const table = prototypeTable();
  let skeleton = '';
  for (const char of text.normalize('NFD')) {
    if (DEFAULT_IGNORABLE.test(char)) continue;
    skeleton += table.get(char.codePointAt(0)!) ?? char;
  }
  return skeleton.normalize('NFD');
}

/**
 * What makes two logins one (`login_key`, unique): the skeleton of the normal form in lower case. Sign-in
 * and the login throttle look a user up by it too, so a look-alike typed at sign-in finds the one user it
 * looks like (who still needs the password), and guesses at look-alikes count against that one login.
 */
export function loginKey(login: string): string {
  return confusableSkeleton(normaliseLogin(login).toLowerCase());
}
