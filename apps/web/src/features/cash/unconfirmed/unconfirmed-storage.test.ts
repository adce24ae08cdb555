// The stored unconfirmed operations: one list per cashier, one entry per trx, damaged entries dropped.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { newOperation, type UnconfirmedOperation } from './unconfirmed-operation';
import { readOperations, removeOperation, saveOperation, storageKey } from './unconfirmed-storage';

function operation(trx: string, cashierId: number | null = 7): UnconfirmedOperation {
  return newOperation(
    {
      trx,
      cashierId,
      cashierName: 'Anna',
      deviceId: 12,
      deviceName: 'Rocket 12',
      deviceUuid: 'AAECAwQFBgcICQoLDA0ODw==',
      place: 3,
      kind: 'deposit',
      delta: 2500,
      currency: 'EUR',
      remotePin: null,
      print: false,
    },
    1_000,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('unconfirmed storage', () => {
  it('keeps operations per cashier, replaces one by its trx and removes it', () => {
    saveOperation(operation('a'));
    saveOperation(operation('b'));
    saveOperation(operation('c', 8));
    saveOperation({ ...operation('a'), attempts: 3, problem: 'timeout' });

    expect(readOperations(7).map((op) => [op.trx, op.attempts, op.problem])).toEqual([
      ['b', 0, null],
      ['a', 3, 'timeout'],
    ]);
    expect(readOperations(8).map((op) => op.trx)).toEqual(['c']);

    removeOperation(7, 'b');
    removeOperation(7, 'a');
    expect(readOperations(7)).toEqual([]);
    expect(window.localStorage.getItem(storageKey(7))).toBeNull();
    expect(readOperations(8)).toHaveLength(1);
  });

  it('survives the JSON round trip whole (what a reload reads)', () => {
    const op = { ...operation('x'), remotePin: '123456', print: true, lastAttemptAt: 5, sentBy: 't/p' };
    saveOperation(op);
    expect(readOperations(7)).toEqual([op]);
  });

  it('drops damaged entries and entries of another cashier, never sends them', () => {
    // As localStorage holds it: the kind under its stored name, `operation`.
    const { kind, ...rest } = operation('good');
    const good = { ...rest, operation: kind };
    window.localStorage.setItem(
      storageKey(7),
      JSON.stringify([
        good,
        { ...good, trx: '' },
        { ...good, delta: 0 },
        { ...good, cashierId: 8 },
        'x',
        null,
      ]),
    );
    expect(readOperations(7)).toEqual([operation('good')]);
    window.localStorage.setItem(storageKey(7), '{not json');
    expect(readOperations(7)).toEqual([]);
  });

  it('does not store an operation whose cashier is unknown', () => {
    saveOperation(operation('a', null));
    expect(window.localStorage.length).toBe(0);
  });

  it('keeps working when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => saveOperation(operation('a'))).not.toThrow();
    expect(readOperations(7)).toEqual([]);
  });
});
