// Registers the service worker (src/sw.ts, served as /sw.js) in the built app, once the page has loaded: the
// worker's install (the shell, the manifest, the icons) then never competes with what the page needs first.
// A page this worker did not serve (the first visit) hands it the address and files it already fetched, so
// it opens offline from the next load on (src/services/offlineCaches.ts).
import { WARM_UP, type WarmUpMessage } from './offlineCaches';

export const SERVICE_WORKER_URL = '/sw.js';

/** The page's address and the same-origin files it fetched so far (the worker keeps only what it routes). */
function warmUpMessage(): WarmUpMessage {
  const resources = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/`));
  return { type: WARM_UP, page: location.href, resources };
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const servedByWorker = navigator.serviceWorker.controller !== null;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    if (servedByWorker) return;
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage(warmUpMessage());
  } catch {
    // No worker (a private window, storage refused): the app works online as before.
  }
}
