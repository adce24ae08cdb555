// The playing strategy against a small model of the server's rules (ledger.service applyDeviceEvent).
import assert from 'node:assert/strict';
import { DEVICE_EVENT_TYPES, TX_TYPE } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  createRng,
  EMPTY_MEMORY,
  nextEvent,
  rememberApplied,
  type PlaceBalance,
  type PlannedEvent,
  type PlayMemory,
} from '../src/player.js';

const RATE_BPS = 1000;

/** What the server does to a place for one event; throws where the server would refuse. */
function apply(place: PlaceBalance, e: PlannedEvent): PlaceBalance {
  const next = { ...place };
  if (e.type === TX_TYPE.pay || e.type === TX_TYPE.luckyBet) {
    if (e.amount > next.entries) throw new Error(`bet ${e.amount} > entries ${next.entries}`);
    next.entries -= e.amount;
    if (e.type === TX_TYPE.pay) next.final_bonus += Math.floor((e.amount * RATE_BPS) / 10000);
  } else if (e.type === TX_TYPE.finalBonus) {
    if (e.amount > next.final_bonus) throw new Error(`final bonus ${e.amount} > ${next.final_bonus}`);
    next.final_bonus -= e.amount;
    next.entries += e.amount;
  } else {
    next.entries += e.amount;
  }
  return next;
}

interface Run {
  events: PlannedEvent[];
  places: PlaceBalance[];
}

/** Plays `steps` events from the given balances, applying each to the model, with seed `seed`. */
function play(
  seed: number,
  start: PlaceBalance[],
  steps: number,
  tamper?: (step: number, p: PlaceBalance[]) => PlaceBalance[],
): Run {
  const rng = createRng(seed);
  let memory: PlayMemory = EMPTY_MEMORY;
  let places = start.map((p) => ({ ...p }));
  const events: PlannedEvent[] = [];
  const lastOnPlace = new Map<number, PlannedEvent>();
  const cancelled = new Set<PlannedEvent>();
  for (let step = 0; step < steps; step++) {
    if (tamper) places = tamper(step, places);
    const e = nextEvent(places, memory, rng);
    if (!e) break;
    // Plain asserts in this hot loop: tens of thousands of expect() calls would make the suite slow.
    const where = `seed ${seed} step ${step}: ${JSON.stringify(e)}`;
    assert.ok((DEVICE_EVENT_TYPES as readonly number[]).includes(e.type), where);
    assert.ok(Number.isSafeInteger(e.amount) && e.amount > 0, where);
    const place = places.find((p) => p.place === e.place);
    assert.ok(place && place.entries > 0, where);
    if (e.type === TX_TYPE.pay || e.type === TX_TYPE.luckyBet) assert.ok(e.amount <= place.entries, where);
    if (e.type === TX_TYPE.finalBonus) assert.ok(e.amount <= place.final_bonus, where);
    if (e.type === TX_TYPE.cancelPay || e.type === TX_TYPE.cancelledLuckyBet) {
      // Only the place's immediately preceding bet of the matching kind, and only once.
      const previous = lastOnPlace.get(e.place);
      assert.ok(previous, where);
      assert.equal(previous.type, e.type === TX_TYPE.cancelPay ? TX_TYPE.pay : TX_TYPE.luckyBet, where);
      assert.equal(previous.amount, e.amount, where);
      assert.ok(!cancelled.has(previous), where);
      cancelled.add(previous);
    }
    if (e.type === TX_TYPE.win) {
      // A win pays on the place's immediately preceding pay, in proportion to it.
      const previous = lastOnPlace.get(e.place);
      assert.equal(previous?.type, TX_TYPE.pay, where);
      assert.ok(e.amount >= previous.amount && e.amount <= previous.amount * 3, where);
    }
    places = places.map((p) => (p.place === e.place ? apply(p, e) : p));
    memory = rememberApplied(memory, e);
    lastOnPlace.set(e.place, e);
    events.push(e);
  }
  return { events, places };
}

const fourPlaces = (entries: number[]): PlaceBalance[] =>
  entries.map((amount, i) => ({ place: i + 1, entries: amount, final_bonus: 0 }));

describe('player strategy', () => {
  it('keeps every rule of the server over many seeds and balances', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const rng = createRng(seed * 7919);
      const start = fourPlaces([0, 1, 2, 3].map(() => Math.floor(rng.next() * 5000)));
      play(seed, start, 300);
    }
  });

  it('never bets more than a place has even when a cashier withdraws between events', () => {
    for (let seed = 1; seed <= 50; seed++) {
      play(seed, fourPlaces([20000, 300, 5, 0]), 300, (step, places) =>
        // Every 7th step a cashier takes most of place 1's money away.
        step % 7 === 0
          ? places.map((p) => (p.place === 1 ? { ...p, entries: Math.floor(p.entries / 3) } : p))
          : places,
      );
    }
  });

  it('plays every kind of event over a long run', () => {
    const seen = new Set<number>();
    for (let seed = 1; seed <= 20; seed++) {
      for (const e of play(seed, fourPlaces([100000, 100000, 100000, 100000]), 500).events) seen.add(e.type);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([...DEVICE_EVENT_TYPES].sort((a, b) => a - b));
  });

  it('pays out final bonus only once it has accrued', () => {
    const run = play(3, fourPlaces([5000, 0, 0, 0]), 400);
    const firstBonus = run.events.findIndex((e) => e.type === TX_TYPE.finalBonus);
    const firstPay = run.events.findIndex((e) => e.type === TX_TYPE.pay && e.amount >= 10);
    expect(firstBonus).toBeGreaterThan(firstPay);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const start = fourPlaces([10000, 2500, 0, 700]);
    expect(play(42, start, 200).events).toEqual(play(42, start, 200).events);
    expect(play(42, start, 200).events).not.toEqual(play(43, start, 200).events);
  });

  it('plays only places that have entries and waits when none has', () => {
    const rng = createRng(1);
    expect(nextEvent(fourPlaces([0, 0, 0, 0]), EMPTY_MEMORY, rng)).toBeNull();
    expect(nextEvent([{ place: 1, entries: 0, final_bonus: 500 }], EMPTY_MEMORY, rng)).toBeNull();
    for (let i = 0; i < 200; i++)
      expect(nextEvent(fourPlaces([0, 0, 40, 0]), EMPTY_MEMORY, rng)?.place).toBe(3);
  });

  it('goes all in with less than the smallest stake', () => {
    const rng = createRng(9);
    const onlyBets = {
      bet: 1,
      win: 0,
      jackpot: 0,
      finalBonus: 0,
      cancelPay: 0,
      luckyBet: 0,
      cancelledLuckyBet: 0,
    };
    for (let i = 0; i < 50; i++) {
      expect(nextEvent([{ place: 1, entries: 7, final_bonus: 0 }], EMPTY_MEMORY, rng, onlyBets)).toEqual({
        place: 1,
        type: TX_TYPE.pay,
        amount: 7,
      });
    }
  });

  it('settles a pay once: a win or a cancel only right after it', () => {
    const weights = {
      bet: 1,
      win: 1e9,
      jackpot: 0,
      finalBonus: 0,
      cancelPay: 1e9,
      luckyBet: 0,
      cancelledLuckyBet: 0,
    };
    const rng = createRng(5);
    const places = fourPlaces([100, 0, 0, 0]);
    const pay: PlannedEvent = { place: 1, type: TX_TYPE.pay, amount: 50 };
    const afterPay = rememberApplied(EMPTY_MEMORY, pay);
    const settled = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const e = nextEvent(places, afterPay, rng, weights);
      expect([TX_TYPE.win, TX_TYPE.cancelPay]).toContain(e?.type);
      if (e?.type === TX_TYPE.cancelPay) expect(e.amount).toBe(50);
      settled.add(e!.type);
    }
    expect(settled.size).toBe(2);
    for (const settle of [
      { place: 1, type: TX_TYPE.cancelPay, amount: 50 },
      { place: 1, type: TX_TYPE.win, amount: 75 },
      { place: 1, type: TX_TYPE.jackpot, amount: 500 },
    ] as const) {
      const memory = rememberApplied(afterPay, settle);
      for (let i = 0; i < 50; i++) expect(nextEvent(places, memory, rng, weights)?.type).toBe(TX_TYPE.pay);
    }
    // Another place's events leave place 1's open pay alone.
    const other = rememberApplied(afterPay, { place: 2, type: TX_TYPE.win, amount: 5 });
    expect(other[1]).toEqual(afterPay[1]);
  });
});
