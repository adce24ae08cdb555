import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedFirstScreenData } from './app/first-screen-data';
import { firstScreenReady } from './app/router';
import { makeStore } from './app/store';
import { nextTask } from './app/next-task';
import { initI18n } from './i18n/i18n';
import './app/styles.css';

// docs/product.md section 4: at start the app clears service workers and caches, so an old build never answers.
async function clearOldWorkers(): Promise<void> {
  const registrations = (await navigator.serviceWorker?.getRegistrations?.()) ?? [];
  await Promise.all(registrations.map((r) => r.unregister()));
  if ('caches' in window) await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
}
void clearOldWorkers().catch(() => undefined);

// Rendered once the chosen language's text is in (a Spanish or Portuguese terminal fetches its
// catalogue chunk first), so no screen flashes in English, and the first screen's chunk with it (the page
// preloads it; app/router.tsx). If a chunk cannot come, English shows, or the screen waits as before.
// The store is made first, with the answers the page carries (a signed-in screen's: app/first-screen-data.ts).
//
// Each step runs in a task of its own (nextTask): done in one go after the modules' evaluation, i18next's
// set-up, the screen chunk's evaluation, the store and its filling were one task of 40-70 ms under
// Lighthouse's 4x slowdown, blocking time on the devices screen (BENCHMARKS.md, 'Web first load').
async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) return;
  await nextTask();
  const language = initI18n();
  await nextTask();
  // After initI18n: the signed-in chunk adds its English texts to i18next as it is evaluated.
  const screen = firstScreenReady();
  await Promise.allSettled([language, screen]);
  await nextTask();
  const store = makeStore();
  await seedFirstScreenData(store);
  await nextTask();
  // In a transition, so React renders the first screen in slices of a few ms and the browser stays
  // responsive; a plain first render is one task as long as the whole screen (BENCHMARKS.md, "Web first load").
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    ),
  );
}
void start();
