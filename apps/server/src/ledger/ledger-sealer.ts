// The sealer puts committed ledger rows on their venue's hash chain (db/ledger-chain.ts), so the batches
// that write them never wait for one another on the chain's head: a venue's game events on different
// seats commit side by side, and the chain follows a moment later, in id order. A process's ledger tells
// its sealer which venues it wrote (LedgerService); the sealer seals them SEAL_DELAY_MS later, all in one
// pass, and every SEAL_SWEEP_MS it also seals any venue with rows left unsealed (written by another
// process that stopped, or by the command line). Two sealers of one venue (two server processes) take its head's lock in turn.
// The lag and what it means for `verify`: docs/money.md, "The hash chain".
import type { Db } from '../db/database.js';
import { sealRows } from '../db/ledger-chain.js';
import {
  committedThrough,
  insertSealsQueries,
  lockSealHeadsStatement,
  moveSealHeadsStatement,
  rowsToSealStatement,
  sealHeadOf,
  venuesWithUnsealedRows,
} from './ledger-seals.repository.js';

/** How long after a batch commits its venue's sealing starts: the batches of that moment join it. */
export const SEAL_DELAY_MS = 250;
/** How often every venue with unsealed rows is sealed, whoever wrote them. */
export const SEAL_SWEEP_MS = 5_000;
/** Rows sealed per transaction. */
const SEAL_PAGE_ROWS = 5_000;

/**
 * Seals the venues' committed rows not yet on their chains, in id order; how many. All the venues in two
 * short transactions (a pass over 32 venues costs what one over a single venue does), each two round
 * trips on PostgreSQL: the seal transaction locks the heads and reads the rows behind them together, then
 * writes the seals and the heads with its commit. Safe to run from any number of processes at once.
 */
export async function sealVenues(db: Db, accountIds: readonly number[]): Promise<number> {
  const through = await committedThrough(db, accountIds);
  if (through.size === 0) return 0;
  const stretches = [...through].map(([account_id, throughId]) => ({ account_id, throughId }));
  let sealed = 0;
  for (;;) {
    const page = await db.pipelined(async (pipe) => {
      const locked = pipe.run(lockSealHeadsStatement(db.kysely, db.dialect, [...through.keys()]));
      const read = pipe.run(rowsToSealStatement(db.kysely, db.dialect, stretches, SEAL_PAGE_ROWS));
      const heads = (await locked)
        .map(sealHeadOf)
        .filter((h) => h.sealed_through_id < through.get(h.account_id)!);
      const rows = await read;
      if (heads.length === 0) return 0;
      const full = rows.length === SEAL_PAGE_ROWS;
      const moved = heads.map((head) => {
        const own = rows.filter((r) => Number(r.account_id) === head.account_id);
        const { seals, head: after } = sealRows(own, head);
        // A page cut short leaves every venue at the last id read: the rest of each comes next.
        const last = full ? Math.min(through.get(head.account_id)!, Number(rows[rows.length - 1]!.id)) : null;
        return {
          seals,
          head: { ...head, ...after, sealed_through_id: last ?? through.get(head.account_id)! },
        };
      });
      const seals = moved.flatMap((m) => m.seals);
      for (const statement of insertSealsQueries(db.kysely, db.dialect, seals)) void pipe.run(statement);
      void pipe.run(
        moveSealHeadsStatement(
          db.kysely,
          db.dialect,
          moved.map((m) => m.head),
        ),
      );
      return rows.length;
    });
    sealed += page;
    if (page < SEAL_PAGE_ROWS) return sealed;
  }
}

/** Seals one venue's committed rows not yet on its chain; how many. */
export function sealVenue(db: Db, accountId: number): Promise<number> {
  return sealVenues(db, [accountId]);
}

/** Seals every venue with unsealed rows; how many rows. */
export async function sealAllVenues(db: Db): Promise<number> {
  return sealVenues(db, await venuesWithUnsealedRows(db.kysely));
}

/** A process's sealer: the venues its ledger wrote, sealed soon after; the sweep; a flush at the end. */
export class LedgerSealer {
  private readonly written = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  private onError: (error: unknown) => void = (error) => console.error('ledger sealing failed', error);

  constructor(private readonly db: Db) {}

  /** Starts the sweep over every venue; a pass that fails is told to `onError` and tried again later. */
  start(onError: (error: unknown) => void): this {
    this.onError = onError;
    this.sweep = setInterval(() => {
      void this.pass(() => sealAllVenues(this.db));
    }, SEAL_SWEEP_MS);
    this.sweep.unref();
    return this;
  }

  /** The ledger committed rows of these venues. */
  wrote(accountIds: Iterable<number>): void {
    for (const id of accountIds) this.written.add(id);
    this.schedule();
  }

  /** Resolves once everything told so far is sealed (tests, and closing the server). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running || this.written.size > 0) {
      if (this.running) await this.running;
      else await this.sealWritten();
    }
  }

  /** Seals what is left and stops. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweep) clearInterval(this.sweep);
    await this.flush();
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.sealWritten();
    }, SEAL_DELAY_MS);
    this.timer.unref();
  }

  private sealWritten(): Promise<void> {
    return this.pass(async () => {
      const venues = [...this.written];
      this.written.clear();
      await sealVenues(this.db, venues);
    });
  }

  /** One pass at a time; what was written meanwhile is sealed by the next. */
  private async pass(work: () => Promise<unknown>): Promise<void> {
    while (this.running) await this.running;
    const run = work()
      .then(() => undefined)
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.running = null;
        if (this.written.size > 0) this.schedule();
      });
    this.running = run;
    await run;
  }
}
