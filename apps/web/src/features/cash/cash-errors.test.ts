import { ERR } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../api/api-error';
import { cashErrorOutcome } from './cash-errors';

const failure = (status: ApiFailure['status'], err: string | null, details = {}): ApiFailure => ({
  status,
  err,
  details,
});

// One row per line of docs/product.md section 8 that a cash call can meet.
describe('after a failed cash call', () => {
  it.each<[string, ApiFailure, ReturnType<typeof cashErrorOutcome>]>([
    ['not enough money', failure(422, ERR.notEnoughMoney), 'closeAndRefresh'],
    ['negative balance', failure(422, 'negative balance'), 'closeAndRefresh'],
    ['min transaction amount', failure(422, ERR.minAmount, { min_amount: 100 }), 'stayOpen'],
    ['max transaction amount', failure(422, ERR.maxAmount, { max_amount: 100_000 }), 'stayOpen'],
    ['409 overdraft', failure(409, ERR.overdraft, { balance: 0, overdraft: 0 }), 'stayOpen'],
    ['409 without a text', failure(409, null), 'stayOpen'],
    ['409 device moved', failure(409, ERR.deviceMoved), 'closeAndRefresh'],
    ['409 with a text the contract does not know', failure(409, 'something new'), 'close'],
    ['hard block', failure(403, ERR.hardBlock), 'close'],
    ['light block', failure(403, ERR.lightBlock), 'close'],
    ['406 pin changed (remote)', failure(406, ERR.pinChanged), 'close'],
    ['406 device not available', failure(406, ERR.deviceNotAvailable), 'close'],
    ['403 Forbidden', failure(403, ERR.forbidden), 'close'],
    ['401 session expired', failure(401, ERR.unauthorized), 'close'],
    ['500 after the retries', failure(500, ERR.internal), 'close'],
    ['timeout', failure('network', 'timeout'), 'close'],
    ['no answer', failure('network', null), 'close'],
    ['trx conflict', failure(422, ERR.trxConflict), 'close'],
    ['validation', failure(400, ERR.validation), 'close'],
    ['an unknown text', failure(418, 'teapot'), 'close'],
    // Players (contract "Players").
    ['deposit limit exceeded', failure(422, ERR.depositLimit, { left: 150_00 }), 'stayOpen'],
    ['player excluded', failure(403, ERR.playerExcluded, { until: '2026-12-31' }), 'close'],
    ['409 seat held by another player', failure(409, ERR.seatTaken), 'close'],
    ['428 identity required', failure(428, ERR.identityRequired), 'askIdentity'],
  ])('%s -> %s', (_name, given, outcome) => {
    expect(cashErrorOutcome(given)).toBe(outcome);
  });
});
