import { describe, expect, it } from 'vitest';
import { CoalescedReads } from './coalesced-reads.js';

/** A read that answers the number of reads made so far, when told to. */
function counter() {
  let reads = 0;
  const pending: (() => void)[] = [];
  const read = () =>
    new Promise<number>((resolve) => {
      const n = ++reads;
      pending.push(() => resolve(n));
    });
  const finish = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { read, finish, reads: () => reads };
}

describe('CoalescedReads', () => {
  it('reads at once for a lone caller', async () => {
    const shared = new CoalescedReads<number>();
    const c = counter();
    const answer = shared.get('venue 1', c.read);
    expect(c.reads()).toBe(1);
    await c.finish();
    expect(await answer).toBe(1);
  });

  it('gives callers who asked while a read ran one read of their own, started after they asked', async () => {
    const shared = new CoalescedReads<number>();
    const c = counter();
    const first = shared.get('venue 1', c.read);
    // Seven more tills ask while the first read runs: its rows may predate what they were told.
    const later = Array.from({ length: 7 }, () => shared.get('venue 1', c.read));
    expect(c.reads()).toBe(1);
    await c.finish();
    expect(await first).toBe(1);
    expect(c.reads()).toBe(2);
    await c.finish();
    expect(await Promise.all(later)).toEqual(Array(7).fill(2));
    // Nothing in flight any more: the next caller reads alone again.
    const again = shared.get('venue 1', c.read);
    expect(c.reads()).toBe(3);
    await c.finish();
    expect(await again).toBe(3);
  });

  it('never shares between keys', async () => {
    const shared = new CoalescedReads<number>();
    const c = counter();
    const one = shared.get('venue 1', c.read);
    const two = shared.get('venue 2', c.read);
    expect(c.reads()).toBe(2);
    await c.finish();
    await c.finish();
    expect([await one, await two]).toEqual([1, 2]);
  });

  it('fails only the callers of a failed read; those waiting read afresh', async () => {
    const shared = new CoalescedReads<string>();
    let fail = true;
    let release: () => void = () => undefined;
    const read = () =>
      new Promise<string>((resolve, reject) => {
        const failing = fail;
        fail = false;
        release = () => (failing ? reject(new Error('connection lost')) : resolve('rows'));
      });
    const first = shared.get('venue 1', read);
    const waiting = shared.get('venue 1', read);
    release();
    await expect(first).rejects.toThrow('connection lost');
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await waiting).toBe('rows');
  });
});
