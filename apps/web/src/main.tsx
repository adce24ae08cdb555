import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedFirstScreenData } from './app/first-screen-data';
import { firstScreenReady } from './app/router';
import { makeStore } from './app/store';
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
// catalogue chunk first), so no screen flashes in English, and the first screen's chunk with it (both
// fetched at once; app/router.tsx). If a chunk cannot come, English shows, or the screen waits as before.
// The store is made first, with the answers the page carries (a signed-in screen's: app/first-screen-data.ts).
async function render(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) return;
  const store = makeStore();
  await seedFirstScreenData(store);
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
void Promise.allSettled([initI18n(), firstScreenReady()]).then(render);
