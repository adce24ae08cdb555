// The open-loop scheduler and its kept-up figures (open-loop.ts).
import { describe, expect, it } from 'vitest';
import { openLoopFigures, scheduleOf } from './open-loop.js';

/** A small deterministic generator (mulberry32), so the tests do not depend on Math.random. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('scheduleOf', () => {
  it('keeps the rate over time, in order, starting within the first period', () => {
    const next = scheduleOf(1_000, 1_500, 0.2, seeded(7));
    const times = Array.from({ length: 400 }, next);
    expect(times[0]!).toBeGreaterThanOrEqual(1_000 - 0.2 * 1_500);
    expect(times[0]!).toBeLessThan(1_000 + 1_500 + 0.2 * 1_500);
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
    // 400 events of one source at 1.5 s each span 399 periods, give or take the jitter at both ends.
    const span = times.at(-1)! - times[0]!;
    expect(Math.abs(span - 399 * 1_500)).toBeLessThanOrEqual(2 * 0.2 * 1_500);
  });

  it('without jitter, is a plain grid from its phase', () => {
    const next = scheduleOf(0, 100, 0, () => 0.5);
    expect([next(), next(), next()]).toEqual([50, 150, 250]);
  });

  it('spreads the phases of many sources over the period', () => {
    const random = seeded(3);
    const firsts = Array.from({ length: 1_000 }, () => scheduleOf(0, 1_000, 0, random)());
    const early = firsts.filter((t) => t < 500).length;
    expect(early).toBeGreaterThan(430);
    expect(early).toBeLessThan(570);
  });
});

describe('openLoopFigures', () => {
  it('counts the window, the backlog at its end, and whether the server kept up', () => {
    const calls = [
      { scheduledAt: 500, answeredAt: 1_100 }, // due before the window, answered in it
      { scheduledAt: 1_000, answeredAt: 1_010 },
      { scheduledAt: 1_500, answeredAt: 1_520 },
      { scheduledAt: 2_500, answeredAt: 3_200 }, // answered after the window: backlog
      { scheduledAt: 2_900, answeredAt: null }, // never answered: backlog
      { scheduledAt: 3_100, answeredAt: 3_150 }, // after the window
    ];
    const figures = openLoopFigures(calls, 1_000, 3_000);
    expect(figures.scheduledPerSec).toBe(2);
    expect(figures.answeredPerSec).toBe(1.5);
    expect(figures.backlogAtEnd).toBe(2);
    expect(figures.backlogSeconds).toBe(1);
    expect(figures.keptUp).toBe(false);
  });

  it('a server that answers every call in time kept up', () => {
    const calls = Array.from({ length: 100 }, (_, i) => ({ scheduledAt: i * 10, answeredAt: i * 10 + 3 }));
    const figures = openLoopFigures(calls, 0, 1_000);
    expect(figures.backlogAtEnd).toBe(0);
    expect(figures.keptUp).toBe(true);
  });
});
