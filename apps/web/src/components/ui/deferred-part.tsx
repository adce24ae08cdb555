// A part of a screen that only a click shows (a modal), kept out of the screen's first load: its code
// is a chunk of its own, fetched at idle after the screen is up (preloadWhenIdle) or, at the latest, on
// its first render (BENCHMARKS.md, "Web first load"): the devices screen's first load holds
// what its first paint draws, not the modals behind its buttons.
import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

export interface DeferredPart<P> {
  (props: P): ReactNode;
  /** Fetches the chunk now (once); a failed fetch is tried again on the next call. */
  preload(): Promise<ComponentType<P> | null>;
}

/**
 * The component `load` resolves to, behind its own Suspense boundary: while its chunk is on its way the
 * part shows nothing and the screen around it stays up (the router's boundary would blank the screen). A
 * chunk that cannot come (the till offline) shows nothing either, not an error that unmounts the app;
 * the next render asks again.
 */
export function deferredPart<P extends object>(load: () => Promise<ComponentType<P>>): DeferredPart<P> {
  let loading: Promise<ComponentType<P> | null> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      () => {
        loading = undefined;
        return null;
      },
    ));
  // React.lazy, not `use`: React retries a lazy part as its promise settles, also in a test's act
  // environment. A lazy that settled on a failed fetch is replaced, so the next render asks again.
  const nothing = () => null;
  const makeLazy = () =>
    lazy(() => {
      // Preloaded: a thenable that answers at once, so the part renders without a Suspense round.
      if (loaded)
        return {
          then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: loaded! }),
        } as unknown as Promise<{ default: ComponentType<P> }>;
      return preload().then((component) => {
        if (!component) waiting = makeLazy();
        return { default: component ?? nothing };
      });
    });
  let waiting = makeLazy();
  // Always the same element tree: a part that switched from the lazy to the loaded component would be
  // mounted again, and lose what was typed into it.
  const Part = (props: P) => (
    <Suspense fallback={null}>{createElement(waiting as ComponentType<P>, props)}</Suspense>
  );
  return Object.assign(Part, { preload });
}

/**
 * Fetches `parts` one per idle moment, in order: each fetch adds its files' tags and, when in, runs the
 * module, and all at once made one long task while the first screen settles. Cancellable.
 */
export function preloadWhenIdle(parts: readonly { preload(): Promise<unknown> }[]): () => void {
  let cancel = () => {};
  const next = (index: number) => {
    const part = parts[index];
    if (!part) return;
    cancel = whenIdle(() => {
      void part.preload();
      next(index + 1);
    });
  };
  next(0);
  return () => cancel();
}

/** Runs `work` when the browser is next idle after the page's load (a timeout where idle callbacks are missing). */
export function whenIdle(work: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) work();
  };
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(run, { timeout: 5_000 })
      : window.setTimeout(run, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
  };
}
