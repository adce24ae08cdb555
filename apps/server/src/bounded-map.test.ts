import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('holds at most its capacity, forgetting the oldest first', () => {
    const map = new BoundedMap<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) map.set(key, i);
    expect([...map.keys()]).toEqual(['b', 'c', 'd']);
    map.set('e', 4);
    expect([...map.entries()]).toEqual([
      ['c', 2],
      ['d', 3],
      ['e', 4],
    ]);
  });

  it('makes a key set again the newest, with its new value, without growing', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3);
    map.set('a', 10);
    expect(map.size).toBe(3);
    map.set('d', 4);
    expect([...map.entries()]).toEqual([
      ['c', 3],
      ['a', 10],
      ['d', 4],
    ]);
  });

  it('keeps one entry at capacity 1, and refuses a capacity under 1', () => {
    const map = new BoundedMap<string, number>(1);
    map.set('a', 1).set('b', 2);
    expect([...map.keys()]).toEqual(['b']);
    expect(() => new BoundedMap(0)).toThrow(RangeError);
    expect(() => new BoundedMap(Number.NaN)).toThrow(RangeError);
  });
});
