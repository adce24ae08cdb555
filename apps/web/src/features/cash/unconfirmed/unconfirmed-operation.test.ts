// Which answers end an unconfirmed cash operation and which leave it open (docs/web-app.md).
import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../../api/api-error';
import { answerKind, problemOf } from './unconfirmed-operation';

const failure = (status: ApiFailure['status'], err: string | null = null): ApiFailure => ({
  status,
  err,
  details: {},
});

describe('answerKind', () => {
  it.each([
    ['a reset connection', failure('network')],
    ['a timeout', failure('network', 'timeout')],
    ['a 500 after the retries', failure(500, 'internal server error')],
    ["a proxy's 502", failure(502)],
    ["a proxy's 503", failure(503)],
    ["a proxy's 504", failure(504)],
  ])('%s leaves it unknown, first attempt or not', (_what, answer) => {
    expect(answerKind(answer, false)).toBe('unknown');
    expect(answerKind(answer, true)).toBe('unknown');
  });

  it.each([
    ['overdraft', failure(409, 'overdraft')],
    ['not enough money', failure(422, 'not enough money')],
    ['trx conflict', failure(422, 'trx conflict')],
    ['min amount', failure(422, 'min amount')],
    ['light block', failure(403, 'light block')],
    ['pin changed', failure(406, 'pin changed')],
    ['validation', failure(400, 'validation')],
    ['not found', failure(404)],
  ])('a refusal (%s) is definitive', (_what, answer) => {
    expect(answerKind(answer, false)).toBe('definitive');
    expect(answerKind(answer, true)).toBe('definitive');
  });

  it('a 429 ends a first attempt (the PIN throttle answered before the ledger) but leaves a resend unknown', () => {
    const tooMany = failure(429, 'too many attempts');
    expect(answerKind(tooMany, false)).toBe('definitive');
    // An earlier attempt whose answer was lost may have moved the money: the operation is sent again.
    expect(answerKind(tooMany, true)).toBe('unknown');
  });

  it('a 401 or 423 ends a first attempt (nothing moved) but holds a resend (an earlier attempt may have)', () => {
    for (const status of [401, 423]) {
      expect(answerKind(failure(status), false)).toBe('definitive');
      expect(answerKind(failure(status), true)).toBe('held');
    }
  });
});

describe('problemOf', () => {
  it('names why the operation is still open', () => {
    expect(problemOf(failure('network', 'timeout'))).toBe('timeout');
    expect(problemOf(failure('network'))).toBe('network');
    expect(problemOf(failure(502))).toBe('server');
    expect(problemOf(failure(500, 'internal server error'))).toBe('server');
    expect(problemOf(failure(401))).toBe('session');
    expect(problemOf(failure(423, 'till locked'))).toBe('locked');
    expect(problemOf(failure(429, 'too many attempts'))).toBe('throttled');
  });
});
