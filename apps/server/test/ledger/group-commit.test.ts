// The group commit's scheduling (ledger/group-commit.ts) without a database: which operations share a
// batch, which wait, and which run side by side in lanes.
import { describe, expect, it } from 'vitest';
import { GroupCommit, type Pending } from '../../src/ledger/group-commit.js';

interface Op {
  trx: string;
  rows: string[];
}

/** A group commit whose batches stay in flight until released, recording what ran together. */
function harness(lanes: number, maxBatch = 64, waitMs = 0) {
  const batches: string[][] = [];
  const inFlight = new Set<string[]>();
  const overlaps: string[] = [];
  const releases: (() => void)[] = [];
  const commits = new GroupCommit<Op, string>(
    maxBatch,
    lanes,
    async (batch: Pending<Op, string>[]) => {
      const trxs = batch.map((p) => p.op.trx);
      const rows = new Set(batch.flatMap((p) => p.op.rows));
      for (const other of inFlight) {
        const otherRows = other.flatMap((trx) => opRows.get(trx) ?? []);
        for (const row of otherRows) if (rows.has(row)) overlaps.push(row);
      }
      batches.push(trxs);
      inFlight.add(trxs);
      await new Promise<void>((resolve) => releases.push(resolve));
      inFlight.delete(trxs);
      for (const p of batch) p.resolve(p.op.trx);
    },
    waitMs,
  );
  const opRows = new Map<string, string[]>();
  const submit = (trx: string, rows: string[]) => {
    opRows.set(trx, rows);
    return commits.submit({ trx, rows }, trx, rows);
  };
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** Lets every batch in flight commit, then lets the next ones start. */
  const releaseAll = async () => {
    for (const release of releases.splice(0)) release();
    await turn();
    await turn();
  };
  return { batches, overlaps, submit, turn, releaseAll, inFlight, expect: () => commits.expect() };
}

describe('group commit lanes', () => {
  it('runs operations on different rows side by side, one batch per free lane', async () => {
    const h = harness(4);
    const answers = [h.submit('a', ['account:1', 'place:1/1'])];
    await h.turn();
    answers.push(h.submit('b', ['account:2', 'place:2/1']), h.submit('c', ['place:3/1']));
    await h.turn();
    expect(h.batches).toEqual([['a'], ['b', 'c']]);
    expect(h.inFlight.size).toBe(2);
    await h.releaseAll();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
    expect(h.overlaps).toEqual([]);
  });

  it('holds operations on a row a batch in flight locks, and sends them together in the next batch', async () => {
    const h = harness(4);
    const first = h.submit('d1', ['account:1', 'place:1/1']);
    await h.turn();
    // A hot float: seven more deposits of the same venue, and one game event elsewhere.
    const hot = [2, 3, 4, 5, 6, 7, 8].map((n) => h.submit(`d${n}`, ['account:1', `place:1/${n}`]));
    const elsewhere = h.submit('e1', ['place:9/1']);
    await h.turn();
    // Only the event found a lane; the deposits wait for the float's batch instead of taking its lock in turn.
    expect(h.batches).toEqual([['d1'], ['e1']]);
    await h.releaseAll();
    expect(h.batches[2]).toEqual(['d2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8']);
    await h.releaseAll();
    await Promise.all([first, ...hot, elsewhere]);
    expect(h.overlaps).toEqual([]);
  });

  it('never has more batches in flight than lanes', async () => {
    // One operation a batch: three arriving together would fill three lanes if there were three.
    const h = harness(2, 1);
    const answers = ['x1', 'x2', 'x3'].map((trx, i) => h.submit(trx, [`place:${i + 1}/1`]));
    await h.turn();
    answers.push(h.submit('x4', ['place:4/1']));
    await h.turn();
    expect(h.batches).toEqual([['x1'], ['x2']]);
    expect(h.inFlight.size).toBe(2);
    await h.releaseAll();
    expect(h.batches.slice(2)).toEqual([['x3'], ['x4']]);
    await h.releaseAll();
    expect(await Promise.all(answers)).toEqual(['x1', 'x2', 'x3', 'x4']);
  });

  it('rejects the operations a failed batch left unsettled, and goes on with the next batch', async () => {
    const failure = new Error('the batch failed');
    let runs = 0;
    const commits = new GroupCommit<Op, string>(64, 1, async (batch) => {
      runs += 1;
      if (runs === 1) throw failure;
      for (const p of batch) p.resolve(p.op.trx);
    });
    const first = commits.submit({ trx: 'f1', rows: ['place:1/1'] }, 'f1', ['place:1/1']);
    await expect(first).rejects.toBe(failure);
    await expect(commits.submit({ trx: 'f2', rows: ['place:1/1'] }, 'f2', ['place:1/1'])).resolves.toBe('f2');
  });

  it('keeps the arrival order of the operations on one row', async () => {
    const h = harness(2, 2);
    const answers = ['p1', 'p2', 'p3', 'p4', 'p5'].map((trx) => h.submit(trx, ['place:1/1']));
    await h.turn();
    for (let i = 0; i < 4; i++) await h.releaseAll();
    await Promise.all(answers);
    expect(h.batches).toEqual([['p1', 'p2'], ['p3', 'p4'], ['p5']]);
  });
});

describe('group commit and the calls on their way', () => {
  const WAIT_MS = 50;

  it('starts a lone call at the end of its turn: nothing else is on its way', async () => {
    const h = harness(1, 64, WAIT_MS);
    void h.submit('a', ['place:1/1']);
    await h.turn();
    expect(h.batches).toEqual([['a']]);
  });

  it('holds the batch for a call on its way and starts it as soon as that one arrives', async () => {
    const h = harness(1, 64, WAIT_MS);
    const arrivedA = h.expect();
    const arrivedB = h.expect();
    arrivedA();
    void h.submit('a', ['place:1/1']);
    await h.turn();
    await h.turn();
    expect(h.batches).toEqual([]);
    const started = performance.now();
    arrivedB();
    void h.submit('b', ['place:2/1']);
    await h.turn();
    expect(h.batches).toEqual([['a', 'b']]);
    expect(performance.now() - started).toBeLessThan(WAIT_MS);
  });

  it('starts the batch as soon as the call it waits for ends without coming (refused before the ledger)', async () => {
    const h = harness(1, 64, WAIT_MS);
    const refused = h.expect();
    void h.submit('a', ['place:1/1']);
    await h.turn();
    expect(h.batches).toEqual([]);
    refused();
    await h.turn();
    expect(h.batches).toEqual([['a']]);
  });

  it('waits no longer than its bound for a call that does not come', async () => {
    const h = harness(1, 64, WAIT_MS);
    h.expect();
    const started = performance.now();
    void h.submit('a', ['place:1/1']);
    while (h.batches.length === 0) await h.turn();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(WAIT_MS - 1);
    expect(waited).toBeLessThan(WAIT_MS * 4);
  });

  it('does not wait when the batch is already full', async () => {
    const h = harness(1, 2, WAIT_MS);
    h.expect();
    void h.submit('a', ['place:1/1']);
    void h.submit('b', ['place:2/1']);
    await h.turn();
    expect(h.batches).toEqual([['a', 'b']]);
  });

  it('never waits with a bound of 0 (the default)', async () => {
    const h = harness(1);
    h.expect();
    void h.submit('a', ['place:1/1']);
    await h.turn();
    expect(h.batches).toEqual([['a']]);
  });
});
