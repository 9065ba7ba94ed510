// Registers the service worker (src/sw.ts, served as /sw.js) in the built app, once the page has loaded: the
// worker's install (the shell, the manifest, the icons) then never competes with what the page needs first.
// A page this worker did not serve (the first visit) hands it the address and files it already fetched, so
// it opens offline from the next load on (src/services/offlineCaches.ts).
import { WARM_UP, type WarmUpMessage } from './offlineCaches';

export const SERVICE_WORKER_URL = '/sw.js';

const sameOrigin = (entries: PerformanceEntryList) =>
  entries.map((entry) => entry.name).filter((name) => name.startsWith(`${location.origin}/`));

/** The page's address and the same-origin files it fetched so far (the worker keeps only what it routes). */
function warmUpMessage(): WarmUpMessage {
  return { type: WARM_UP, page: location.href, resources: sameOrigin(performance.getEntriesByType('resource')) };
}

/** How long the page watches for files the worker did not see: its takeover is a matter of milliseconds. */
const LATE_FILES_WATCH_MS = 60_000;

/**
 * Files that finish loading after the first message without the worker's hands on them (a lazy chunk already in
 * flight when the worker claimed the page; `workerStart` is 0 for a fetch no worker saw) are sent on too:
 * otherwise such a chunk is missing offline until the page is loaded again (a CI run caught the toasts' chunk).
 */
function sendLateFiles(worker: ServiceWorker): void {
  if (typeof PerformanceObserver === 'undefined') return;
  const observer = new PerformanceObserver((list) => {
    const unseen = list.getEntries().filter((entry) => (entry as PerformanceResourceTiming).workerStart === 0);
    const resources = sameOrigin(unseen);
    if (resources.length > 0) worker.postMessage({ type: WARM_UP, page: null, resources } satisfies WarmUpMessage);
  });
  observer.observe({ type: 'resource' });
  // Once the worker controls the page every fetch passes through it: a short watch covers the handover.
  setTimeout(() => observer.disconnect(), LATE_FILES_WATCH_MS);
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const servedByWorker = navigator.serviceWorker.controller !== null;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    if (servedByWorker) return;
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return;
    worker.postMessage(warmUpMessage());
    sendLateFiles(worker);
  } catch {
    // No worker (a private window, storage refused): the app works online as before.
  }
}
