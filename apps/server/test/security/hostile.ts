// fast-check arbitraries of hostile input: wrong types, huge and negative numbers, fractions of a cent,
// NaN-like strings, unicode and SQL/HTML meta-characters, deep nesting, 1 MB strings, invalid dates and
// offsets, bad cookies, bad content types and raw bodies that are not what they claim.
import fc from 'fast-check';

const META_STRINGS = [
  "'; drop table ledger_entries; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '\u0000',
  '\ud800',
  '\u202e\u0644\u0627',
  '👩‍👩‍👧‍👦',
  'Ω≈ç√∫',
  '%00%2e%2e%2f',
];

const NAN_LIKE = [
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  '-0',
  '0x10',
  '1e3',
  ' 12',
  '12 ',
  '١٢',
  '12.5',
  '+1',
  '',
];

const INVALID_DATES = [
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '20260101',
  '2026-01-01T24:00:00+00:00',
  '2026-01-01T10:00:00+15:00',
  '2026-01-01T10:00:00+01:60',
  '2026-01-01T10:00:00+0100',
  '2026-01-01T10:00',
  '2026-01-01 10:00:00+01:00',
  '0000-00-00',
  '+275760-09-14',
  '2026-02-29T10:00:00-14:01',
  '9999-99-99T99:99:99+99:99',
];

/** Numbers no money field takes: fractions of a cent, unsafe or huge integers, 0, infinities. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
  fc.constantFrom(
    0,
    0.5,
    0.01,
    1.005,
    -0.001,
    2 ** 53,
    -(2 ** 53),
    2 ** 63,
    1e308,
    -1e308,
    2 ** 53 + 2,
    2 ** 31,
  ),
  fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
);

const nested = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
};

/** Any JSON value a client could send where a field is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  fc.constantFrom(...META_STRINGS, ...NAN_LIKE, ...INVALID_DATES),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(null, true, false, [], {}, [1, 2], { $gt: '' }, { __proto__: null }),
  fc.integer({ min: 1, max: 300 }).map(nested),
  // 1 MB: past the body limit, answered 413.
  fc.constant('x'.repeat(1024 * 1024)),
  fc.constant('9'.repeat(400)),
);

/** Raw bodies sent with `Content-Type: application/json` that are not a JSON object of the right shape. */
export const hostileRawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":}',
    '{"delta":-0}',
    '-0',
    'NaN',
    "{'single':'quotes'}",
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '\ufeff{}',
    '[]',
    '"string"',
    'null',
    'true',
    '1e999',
    '{"a":1,}',
    '{"a":"\\ud800"}',
    '\u0000',
  ),
  // Nesting deep enough to overflow a recursive parser.
  fc.constantFrom(10_000, 50_000).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** What a browser form, a script or a confused client sends instead of JSON. */
export const hostileContentType: fc.Arbitrary<string | null> = fc.constantFrom(
  null,
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'text/html',
  'application/jsonp',
  'application/json-patch+json',
  'image/png',
);

/** A path segment where an id or a place number goes. */
export const hostilePathSegment: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      '0x1',
      '99999999999',
      '2147483648',
      'abc',
      ' 1',
      '1 ',
      '+1',
      '01',
      '9'.repeat(190),
    ),
    fc.constantFrom(...META_STRINGS, ...NAN_LIKE).filter((s) => s !== ''),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  )
  .filter((s) => {
    try {
      encodeURIComponent(s);
      return true;
    } catch {
      return false; // a lone surrogate: sent as raw bytes below instead
    }
  })
  .map(encodeURIComponent)
  .chain((s) => fc.constantFrom(s, '%ED%A0%80', '%C0%AF', '%', '%zz', '..%2F..%2F'));

/** A header value (cookies, Authorization, PIN) that is no valid credential; ASCII, as HTTP allows. */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: 120,
  }),
  fc.constantFrom(
    '',
    ' ',
    'null',
    'undefined',
    '%00',
    '"',
    ';',
    '=;=',
    'a'.repeat(4000),
    "' or 1=1 --",
    '<script>',
  ),
);
