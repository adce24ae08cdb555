import { describe, expect, it } from 'vitest';
import { LOGIN_CHARACTERS, normaliseLogin } from './domain.js';
import { confusableSkeleton, loginKey } from './login-key.js';

describe('loginKey', () => {
  it("is one for the look-alikes a review found and UTS #39's own examples", () => {
    for (const lookalike of [
      'cashier',
      'Cashier',
      'ｃａｓｈｉｅｒ',
      '\u0441ashier',
      'cash\u0131er',
      'cashier\u034f',
    ]) {
      expect([lookalike, loginKey(lookalike)]).toEqual([lookalike, 'cashier']);
    }
    // UTS #39, section 4: "paypal" with a Cyrillic а, and "ｓｃｏｐｅ" against "scope" with a Cyrillic о.
    expect(confusableSkeleton('p\u0430ypal')).toBe(confusableSkeleton('paypal'));
    expect(loginKey('ｓｃｏｐｅ')).toBe(loginKey('sc\u043epe'));
  });

  it('keeps apart logins that do not look alike', () => {
    expect(loginKey('cashier2')).not.toBe(loginKey('cashier'));
    expect(loginKey('anna')).not.toBe(loginKey('ana'));
  });
});

describe('LOGIN_CHARACTERS', () => {
  it.each([
    '\u034f',
    '\u17b4',
    '\u17b5',
    '\u3164',
    '\u1160',
    '\u115f',
    '\uffa0',
    '\u2800',
    '\u{1d159}',
    '\ufe0f',
  ])('refuses U+%s inside a login, as the web and the server check it (after NFKC)', (char) =>
    expect(LOGIN_CHARACTERS.test(normaliseLogin(`cash${char}ier`))).toBe(false),
  );
  it('accepts letters of any script, digits and punctuation', () => {
    for (const login of ['cashier_7', 'José.M', 'Ана', '山田'])
      expect(LOGIN_CHARACTERS.test(login)).toBe(true);
  });
});
