// The ledger's keys (apps/server/src/ledger/keys.ts). The trx namespaces are stored in operations.scope and
// approvals.scope: a change of their text would leave every stored answer unfound, so a retried call
// would move money a second time. The in-memory keys are pinned too, so that a change to one is a choice.
import { describe, expect, it } from 'vitest';
import {
  accountLockKey,
  deviceScope,
  OPERATOR_SCOPE,
  placeKeyOf,
  placeLockKey,
  seatKeyOf,
  trxKeyOf,
  userScope,
} from '../../src/ledger/keys.js';

describe("the ledger's keys", () => {
  it('names the trx namespaces as the database stores them', () => {
    expect(userScope(12)).toBe('user:12');
    expect(deviceScope(3)).toBe('device:3');
    expect(OPERATOR_SCOPE).toBe('operator');
  });

  it("keys a trx by its namespace: a user's and a device's same trx never meet", () => {
    expect(trxKeyOf({ scope: userScope(7), trx: 'T1' })).toBe('user:7\u0000T1');
    expect(trxKeyOf({ scope: deviceScope(7), trx: 'T1' })).not.toBe(
      trxKeyOf({ scope: userScope(7), trx: 'T1' }),
    );
    // A NUL no scope holds: a trx that looks like a scope's tail is still another trx.
    expect(trxKeyOf({ scope: 'user:1', trx: '2:T' })).not.toBe(trxKeyOf({ scope: 'user:12', trx: ':T' }));
  });

  it('keys a place by its device, and a seat by its venue as well', () => {
    expect(placeKeyOf({ device_id: 3, place: 2 })).toBe('3/2');
    expect(seatKeyOf({ account_id: 5, device_id: 3, place: 2 })).toBe('5/3/2');
    // A cabinet that moved venue has a seat at each: their payouts are counted apart.
    expect(seatKeyOf({ account_id: 6, device_id: 3, place: 2 })).not.toBe(
      seatKeyOf({ account_id: 5, device_id: 3, place: 2 }),
    );
  });

  it('names the locked rows apart: a float and a place never share a lane key', () => {
    expect(accountLockKey(5)).toBe('account:5');
    expect(placeLockKey({ device_id: 3, place: 2 })).toBe('place:3/2');
    expect(placeLockKey({ device_id: 5, place: 0 })).not.toBe(accountLockKey(5));
  });
});
