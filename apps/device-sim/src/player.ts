// The playing strategy: from the last known balances, a memory of what was played and a random source,
// decides the next game event. Pure (no I/O, no clock, no global randomness), so tests can replay it.
import { TX_TYPE, type DeviceEventType } from '@cashdesk/contract';

/** A source of numbers in [0, 1). */
export interface Rng {
  next(): number;
}

/** mulberry32: tiny, fast and good enough for a game simulation; the same seed gives the same run. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/** An integer in [min, max], both included. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng.next() * (max - min + 1));
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng.next() * items.length)];
  if (item === undefined) throw new RangeError('cannot pick from an empty list');
  return item;
}

export interface PlaceBalance {
  place: number;
  entries: number;
  final_bonus: number;
}

export interface PlannedEvent {
  place: number;
  type: DeviceEventType;
  amount: number;
}

/** What the player remembers of one place between events. */
export interface PlaceMemory {
  /**
   * The bet just made on the place (a pay, 3, or lucky bet, 14), still open: the place's next event
   * settles it. A win pays on it and a cancel returns it; anything else closes it. So a pay wins at
   * most once and is cancelled at most once, and only right after it was made.
   */
  openBet?: { type: typeof TX_TYPE.pay | typeof TX_TYPE.luckyBet; amount: number };
}

export type PlayMemory = Readonly<Record<number, PlaceMemory>>;

export const EMPTY_MEMORY: PlayMemory = {};

/** Relative weights of each move; a move that is not possible right now is left out of the draw. */
export interface Weights {
  bet: number;
  win: number;
  jackpot: number;
  finalBonus: number;
  cancelPay: number;
  luckyBet: number;
  cancelledLuckyBet: number;
}

export const DEFAULT_WEIGHTS: Weights = {
  bet: 55,
  win: 40,
  jackpot: 1.5,
  finalBonus: 6,
  cancelPay: 3,
  luckyBet: 2,
  cancelledLuckyBet: 20,
};

/** Stakes a player picks from (cents); a place with less than the smallest goes all in. */
export const STAKES = [10, 20, 50, 100, 200, 500, 1000] as const;
const LUCKY_STAKES = [10, 20, 50] as const;
/**
 * A win pays the stake times one of these (mean 1.9). With the default weights about 40% of pays win,
 * so wins return ~75% of stakes and the final bonus 10% more: the house keeps roughly 15%.
 */
const WIN_MULTIPLIERS = [1, 1.5, 2, 2, 3] as const;
const JACKPOT_TYPES = [TX_TYPE.jackpot, TX_TYPE.cjackpot, TX_TYPE.gjackpot, TX_TYPE.rjackpot] as const;
/** Jackpots are rare and small here (1.00 to 10.00), so a demo float is not drained by luck. */
const JACKPOT_RANGE = { min: 100, max: 1000 } as const;

function stakeUpTo(rng: Rng, entries: number, stakes: readonly number[]): number {
  const affordable = stakes.filter((s) => s <= entries);
  return affordable.length > 0 ? pick(rng, affordable) : entries;
}

type Move = keyof Weights;

/**
 * The next event, or null when no place has entries to play with. Guarantees, whatever the rng gives:
 * a bet or lucky bet never exceeds the place's entries, a final bonus never exceeds its accrued
 * final_bonus, and a win or a cancel only settles the place's immediately preceding bet, once.
 */
export function nextEvent(
  places: readonly PlaceBalance[],
  memory: PlayMemory,
  rng: Rng,
  weights: Weights = DEFAULT_WEIGHTS,
): PlannedEvent | null {
  const playable = places.filter((p) => p.entries > 0);
  if (playable.length === 0) return null;
  const place = pick(rng, playable);

  const open = memory[place.place]?.openBet;
  const moves: [Move, number][] = [
    ['bet', weights.bet],
    ['jackpot', weights.jackpot],
    ['luckyBet', weights.luckyBet],
  ];
  if (place.final_bonus > 0) moves.push(['finalBonus', weights.finalBonus]);
  if (open?.type === TX_TYPE.pay) moves.push(['win', weights.win], ['cancelPay', weights.cancelPay]);
  if (open?.type === TX_TYPE.luckyBet) moves.push(['cancelledLuckyBet', weights.cancelledLuckyBet]);

  const total = moves.reduce((sum, [, w]) => sum + Math.max(0, w), 0);
  let roll = rng.next() * total;
  let move: Move = 'bet';
  for (const [name, w] of moves) {
    roll -= Math.max(0, w);
    if (roll < 0) {
      move = name;
      break;
    }
  }

  const at = place.place;
  switch (move) {
    case 'bet':
      return { place: at, type: TX_TYPE.pay, amount: stakeUpTo(rng, place.entries, STAKES) };
    case 'win': {
      // Offered above only with an open pay: the win is in proportion to that stake.
      const stake = open?.amount ?? 1;
      return {
        place: at,
        type: TX_TYPE.win,
        amount: Math.max(1, Math.round(stake * pick(rng, WIN_MULTIPLIERS))),
      };
    }
    case 'jackpot':
      return {
        place: at,
        type: pick(rng, JACKPOT_TYPES),
        amount: randomInt(rng, JACKPOT_RANGE.min, JACKPOT_RANGE.max),
      };
    case 'finalBonus':
      // Mostly the whole bonus, as games pay it; sometimes a part, to exercise partial payouts.
      return {
        place: at,
        type: TX_TYPE.finalBonus,
        amount: rng.next() < 0.7 ? place.final_bonus : randomInt(rng, 1, place.final_bonus),
      };
    case 'luckyBet':
      return { place: at, type: TX_TYPE.luckyBet, amount: stakeUpTo(rng, place.entries, LUCKY_STAKES) };
    case 'cancelPay':
    case 'cancelledLuckyBet': {
      // Offered above only with the matching open bet, so this always returns exactly that bet.
      if (!open) return null;
      return {
        place: at,
        type: open.type === TX_TYPE.pay ? TX_TYPE.cancelPay : TX_TYPE.cancelledLuckyBet,
        amount: open.amount,
      };
    }
  }
}

/** The memory after the server applied an event. */
export function rememberApplied(memory: PlayMemory, event: PlannedEvent): PlayMemory {
  // A new bet opens; anything else on the place (a win, a cancel, a jackpot) closes the open one.
  const after: PlaceMemory =
    event.type === TX_TYPE.pay || event.type === TX_TYPE.luckyBet
      ? { openBet: { type: event.type, amount: event.amount } }
      : {};
  return { ...memory, [event.place]: after };
}

/** Closes a place's open bet, e.g. after a refused event: the player no longer knows where it stands. */
export function closeOpenBet(memory: PlayMemory, place: number): PlayMemory {
  return memory[place]?.openBet ? { ...memory, [place]: {} } : memory;
}
