import { describe, expect, it } from 'vitest';
import { EMPTY_IDENTITY, identityProblems, identityRequestOf, localToday } from './identity';

describe("a player's identity as the forms send it", () => {
  it('sends each field typed, trimmed, and leaves the empty ones out', () => {
    expect(identityRequestOf({ ...EMPTY_IDENTITY, name: '  Jo Doe ', document_number: ' ' })).toEqual({
      name: 'Jo Doe',
    });
    expect(
      identityRequestOf({
        name: 'Jo Doe',
        document_kind: 'passport',
        document_number: 'X1',
        birth_date: '1990-01-31',
      }),
    ).toEqual({ name: 'Jo Doe', document_kind: 'passport', document_number: 'X1', birth_date: '1990-01-31' });
  });

  it('asks a payout for name and document, and never takes a birth date to come', () => {
    expect(identityProblems(EMPTY_IDENTITY, true, '2026-11-29')).toEqual({
      name: 'required',
      document_kind: 'required',
      document_number: 'required',
    });
    expect(identityProblems(EMPTY_IDENTITY, false, '2026-11-29')).toEqual({});
    expect(identityProblems({ ...EMPTY_IDENTITY, birth_date: '2026-11-30' }, false, '2026-11-29')).toEqual({
      birth_date: 'futureBirthDate',
    });
    expect(
      identityProblems(
        { name: 'Jo', document_kind: 'id_card', document_number: '9', birth_date: '2026-11-29' },
        true,
        '2026-11-29',
      ),
    ).toEqual({});
  });

  it("reads today's date where the till is", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
