// A seeded random source (pure-rand's xoroshiro128+): one seed gives the same plan of clients,
// operations, amounts, retries and kill moments, so a failing run can be replayed.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

export class Random {
  private readonly rng: RandomGenerator;

  constructor(readonly seed: number) {
    this.rng = xoroshiro128plus(seed);
  }

  /** A new seed drawn from this source: fork one per client so clients do not share a stream. */
  fork(): Random {
    return new Random(this.int(0, 0x7fffffff));
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return uniformInt(this.rng, min, max);
  }

  chance(probability: number): boolean {
    return this.int(0, 999_999) < probability * 1_000_000;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  /** One of the keys, chosen in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    let roll = this.int(0, entries.reduce((sum, [, w]) => sum + w, 0) - 1);
    for (const [key, weight] of entries) {
      if (roll < weight) return key;
      roll -= weight;
    }
    return entries[entries.length - 1]![0];
  }
}

/** A fresh seed for a run that was given none. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}
