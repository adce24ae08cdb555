// What the group commit (group-commit.ts) learns of a ledger operation from its keys (keys.ts keyed): the
// claim key that keeps one trx of a caller out of two batches in flight, and the rows its transaction
// locks, which two lanes may never share (on PostgreSQL a second lane would wait on the first, or
// deadlock); and the other keys the batch finds the request's place and seat by.
import { TX_TYPE } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { keyed } from '../../src/ledger/keys.js';
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

const float: LedgerRequest = {
  kind: 'float',
  input: { account_id: 5, user_id: null, delta_cents: 1_00, trx: 'T1', reason: 'top-up' },
};
const transfer: LedgerRequest = {
  kind: 'transfer',
  input: {
    account_id: 5,
    user_id: 7,
    player_id: 9,
    from: { device_id: 3, place: 2 },
    to: { device_id: 4, place: 1 },
    amount_cents: 1_00,
    trx: 'T2',
  },
};

const rowsOf = (request: LedgerRequest) => keyed(request).keys.rows;

describe('what a ledger operation tells the group commit', () => {
  it('locks the float and the place for a cash call, the place alone for a game event', () => {
    expect(rowsOf(cash)).toEqual(['account:5', 'place:3/2']);
    expect(rowsOf(event)).toEqual(['place:3/2']);
    // One place of one device is one row, whoever moves money on it.
    expect(rowsOf(event)[0]).toBe(rowsOf(cash)[1]);
    expect(rowsOf(float)).toEqual(['account:5']);
    expect(rowsOf(transfer)).toEqual(['account:5', 'place:3/2', 'place:4/1']);
  });

  it("keys a claim by its caller's scope and trx: a cashier's and a cabinet's trx never meet", () => {
    expect(keyed(cash).keys).toMatchObject({ scope: 'user:7', claim: 'user:7\u0000T1' });
    expect(keyed(event).keys).toMatchObject({ scope: 'device:3', claim: 'device:3\u0000T1' });
    // The operator's CLI moves a float with no user: its own namespace.
    expect(keyed(float).keys).toMatchObject({ scope: 'operator', claim: 'operator\u0000T1' });
  });

  it("keys the places a request moves, and a cash call's seat for four eyes", () => {
    expect(keyed(cash).keys).toMatchObject({ places: ['3/2'], seat: '5/3/2' });
    expect(keyed(event).keys).toMatchObject({ places: ['3/2'], seat: null });
    expect(keyed(transfer).keys).toMatchObject({ places: ['3/2', '4/1'], seat: null });
    expect(keyed(float).keys).toMatchObject({ places: [], seat: null });
  });
});
