// What the group commit (group-commit.ts) learns of a ledger operation from batch.ts: the claim key that
// keeps one trx of a caller out of two batches in flight, and the rows its transaction locks, which two
// lanes may never share (on PostgreSQL a second lane would wait on the first, or deadlock).
import { TX_TYPE } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { claimKeyOf, lockedRowsOf } from '../../src/ledger/batch.js';
import type { LedgerRequest } from '../../src/ledger/types.js';

const cash: LedgerRequest = {
  kind: 'cash',
  input: {
    account_id: 5,
    user_id: 7,
    device_id: 3,
    device_uuid: 'uuid',
    place: 2,
    delta_cents: 1_00,
    trx: 'T1',
    remote_pin: null,
  },
};
const event: LedgerRequest = {
  kind: 'event',
  input: { device_id: 3, place: 2, type: TX_TYPE.win, amount_cents: 1_00, trx: 'T1' },
};

describe('what a ledger operation tells the group commit', () => {
  it('locks the float and the place for a cash call, the place alone for a game event', () => {
    expect(lockedRowsOf(cash)).toEqual(['account:5', 'place:3/2']);
    expect(lockedRowsOf(event)).toEqual(['place:3/2']);
    // One place of one device is one row, whoever moves money on it.
    expect(lockedRowsOf(event)[0]).toBe(lockedRowsOf(cash)[1]);
  });

  it("keys a claim by its caller's scope and trx: a cashier's and a cabinet's trx never meet", () => {
    expect(claimKeyOf(cash)).toBe('user:7\u0000T1');
    expect(claimKeyOf(event)).toBe('device:3\u0000T1');
  });
});
