// The app's start in several short tasks instead of one long one (main.tsx): a page whose main thread is
// busy for one long stretch answers no tap meanwhile, and Lighthouse counts every task over 50 ms as
// blocking time (BENCHMARKS.md, 'Web first load').

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Settles in a later task of the main thread: `scheduler.yield()` where the browser has it (Chromium
 * 129+; its continuation runs before other queued work of the page), else a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
