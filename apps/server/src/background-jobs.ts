// The server's background work in one list (app.ts fills it): which jobs run, in what order they start,
// and, reversed, in what order they stop. A job is named, so every failure of it is logged with its name.
//
// When things happen (app.ts installs the hooks; main.ts closes the database last):
//   1. onReady: the jobs start in list order, once; a job whose start fails is logged and the rest start.
//   2. close, preClose: answers in flight say `Connection: close` (http/response-headers.ts) and the live
//      streams end (each stream route's own preClose), or closing would wait on them forever.
//   3. the listener closes; requests in flight finish and commit.
//   4. onClose: the jobs stop in reverse list order, each awaited, so a job stops before whatever it
//      uses that comes earlier in the list (the change feed, listed first, closes last); a failing stop
//      is logged and the rest still stop.
//   5. main.ts closes the database: every job has stopped, the sealer's last flush included.
// The floor: it knows no domain; app.ts hands it the jobs, each a name, a start and a stop.

/** One piece of background work. `stop` is called once at close, whether `start` ran, failed or not. */
export interface BackgroundJob {
  /** Names the job in `BackgroundJobs.list` and in its log lines (`job`). */
  readonly name: string;
  /**
   * Starts the job. What fails later, while it runs (a sweep's pass), it hands to `failed`, which logs it
   * with the job's name.
   */
  start(failed: (error: unknown) => void): void | Promise<void>;
  /** Resolves once nothing of the job runs any more: no timer left, its last work done. */
  stop(): void | Promise<void>;
  /** How a failure while it runs is logged; `error` with the job's name as the message by default. */
  readonly failures?: { level: 'warn' | 'error'; message: string };
}

/** Where the jobs' failures go: the server's logger fits. */
export interface JobLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** `waiting` until started; `failed` when its start threw (it is still stopped at close). */
export type JobState = 'waiting' | 'running' | 'failed' | 'stopped';

export interface JobStatus {
  readonly name: string;
  readonly state: JobState;
}

export class BackgroundJobs {
  private readonly jobs: { job: BackgroundJob; state: JobState }[] = [];
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;

  /** Adds jobs at the end of the list: they start after the ones before and stop before them. */
  add(...jobs: BackgroundJob[]): this {
    if (this.starting || this.stopping) throw new Error('background jobs are added before they start');
    for (const job of jobs) this.jobs.push({ job, state: 'waiting' });
    return this;
  }

  /** Each job's name and state, in start order (tests, and whoever asks what runs). */
  list(): readonly JobStatus[] {
    return this.jobs.map(({ job, state }) => ({ name: job.name, state }));
  }

  /** Starts every job in list order, once; none after the stop has begun. */
  start(log: JobLog): Promise<void> {
    if (this.stopping) return Promise.resolve();
    this.starting ??= this.startAll(log);
    return this.starting;
  }

  private async startAll(log: JobLog): Promise<void> {
    for (const entry of this.jobs) {
      if (this.stopping) return;
      const { job } = entry;
      const failures = job.failures ?? { level: 'error', message: job.name };
      const failed = (error: unknown) => log[failures.level]({ err: error, job: job.name }, failures.message);
      try {
        await job.start(failed);
        entry.state = 'running';
      } catch (error) {
        entry.state = 'failed';
        log.error({ err: error, job: job.name }, 'background job failed to start');
      }
    }
  }

  /** Stops every job in reverse list order, each awaited; a second call waits for the first. */
  stop(log: JobLog): Promise<void> {
    this.stopping ??= this.stopAll(log);
    return this.stopping;
  }

  private async stopAll(log: JobLog): Promise<void> {
    // A close during the start (a stop signal while starting) waits for the job being started.
    await this.starting;
    for (const entry of [...this.jobs].reverse()) {
      try {
        await entry.job.stop();
      } catch (error) {
        log.error({ err: error, job: entry.job.name }, 'background job failed to stop');
      }
      entry.state = 'stopped';
    }
  }
}

/**
 * A job that runs `work` every `everyMs` (an unref'd timer: it never keeps the process alive); a pass
 * that fails is handed to the job's `failed` and the next runs as planned. Its stop clears the timer and
 * waits for the passes still running.
 */
export function repeating(name: string, everyMs: number, work: () => Promise<unknown>): BackgroundJob {
  let timer: NodeJS.Timeout | null = null;
  const running = new Set<Promise<unknown>>();
  return {
    name,
    start(failed) {
      if (timer) return;
      timer = setInterval(() => {
        const pass = work().catch(failed);
        running.add(pass);
        void pass.finally(() => running.delete(pass));
      }, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all(running);
    },
  };
}
