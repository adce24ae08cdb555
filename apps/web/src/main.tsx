import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstScreenReady } from './app/router';
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
function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
void Promise.allSettled([initI18n(), firstScreenReady()]).then(render);
