// Open-loop load: calls sent at scheduled times whatever the answers (a cabinet reports its game play as
// it happens, not when the server has answered the last report), and the figures that tell whether the
// server kept up. Pure helpers of sections/venue.ts, tested in open-loop.test.ts.

/** A uniform random number in [0, 1), as Math.random; a test passes a seeded one. */
export type Random = () => number;

/**
 * The scheduled times of one source: one every `periodMs` on average from a random phase in [0, period),
 * each moved by up to `jitter` x period either way around its place on that grid (so the rate holds over
 * time, without drift), never before the previous one. Returns the next time at each call.
 */
export function scheduleOf(fromMs: number, periodMs: number, jitter: number, random: Random): () => number {
  const phase = random() * periodMs;
  let n = 0;
  let last = -Infinity;
  return () => {
    const offset = (random() * 2 - 1) * jitter * periodMs;
    const at = Math.max(last, fromMs + phase + n * periodMs + offset);
    n += 1;
    last = at;
    return at;
  };
}

/** One scheduled call: when it was due and when its answer came (null: not yet, or never). */
export interface ScheduledCall {
  scheduledAt: number;
  answeredAt: number | null;
}

export interface OpenLoopFigures {
  /** Calls due in the window, per second. */
  scheduledPerSec: number;
  /** Calls answered in the window (whenever they were due), per second. */
  answeredPerSec: number;
  /** Calls due by the window's end and not answered by then. */
  backlogAtEnd: number;
  /** The backlog as seconds of the scheduled rate: how far behind the server was at the end. */
  backlogSeconds: number;
  /** Answered at least `keptUpShare` of the scheduled rate, with less than a second's worth outstanding. */
  keptUp: boolean;
}

/** What the server did with the calls of [from, to): kept up with the schedule, or fell behind. */
export function openLoopFigures(
  calls: readonly ScheduledCall[],
  fromMs: number,
  toMs: number,
  keptUpShare = 0.97,
): OpenLoopFigures {
  let scheduled = 0;
  let answered = 0;
  let backlog = 0;
  for (const call of calls) {
    if (call.scheduledAt >= fromMs && call.scheduledAt < toMs) scheduled++;
    if (call.answeredAt !== null && call.answeredAt >= fromMs && call.answeredAt < toMs) answered++;
    if (call.scheduledAt < toMs && (call.answeredAt === null || call.answeredAt >= toMs)) backlog++;
  }
  const seconds = (toMs - fromMs) / 1000;
  const scheduledPerSec = seconds > 0 ? scheduled / seconds : 0;
  const answeredPerSec = seconds > 0 ? answered / seconds : 0;
  const backlogSeconds = scheduledPerSec > 0 ? backlog / scheduledPerSec : 0;
  return {
    scheduledPerSec,
    answeredPerSec,
    backlogAtEnd: backlog,
    backlogSeconds,
    keptUp: answeredPerSec >= keptUpShare * scheduledPerSec && backlogSeconds < 1,
  };
}
