/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa's injectManifest into /sw.js, registered by
// src/services/serviceWorker.ts): the app opens without network once it has been opened. What it keeps is
// chosen so that a visitor's first load is not heavier (docs/decisions.md, "The service worker"): installing
// precaches only the page shell, the manifest and the icons; the build's files are kept as the app fetches
// them. Which answers go where: src/services/offlineCaches.ts.

import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheFallbackPlugin, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { PUSH_HOME_PATH, pushScreenUrl, readPushPayload } from './api/pushPayload';
import {
  CACHE_NAMES,
  isAppPage,
  isBuildAsset,
  isVisitorPassAnswer,
  isWarmUpMessage,
  pageCacheKey,
  type WarmUpMessage,
} from './services/offlineCaches';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** How long a page or a pass waits for the network before the kept copy answers (a phone on one bar). */
const NETWORK_TIMEOUT_SECONDS = 4;
const DAY_SECONDS = 24 * 60 * 60;
/** The precached shell: a page never opened before still opens (its own chunk may then be missing offline). */
const SHELL = 'index.html';

// A new build's worker takes over at once; open pages get its answers from their next request on.
self.skipWaiting();
clientsClaim();

// The list the build writes here: index.html, manifest.webmanifest, the icons (vite.config.ts, injectManifest).
// Only their own addresses: '/' is a page like any other (network first), not the precached shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

const onlySuccesses = new CacheableResponsePlugin({ statuses: [200] });

/** Each page is kept under its path (pageCacheKey): no query, so no token in one, is ever stored. */
const underItsPath = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => pageCacheKey(new URL(request.url)),
};

/**
 * Pages: the network first, so a new build and each answer's fresh nonce arrive; without network (or after
 * NETWORK_TIMEOUT_SECONDS) the copy kept from the last visit, whose Content-Security-Policy header is kept with
 * it and names the same nonce as its HTML. The visitor pages' HTML varies by language only in its preload hints.
 */
const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  matchOptions: { ignoreVary: true },
  plugins: [
    underItsPath,
    onlySuccesses,
    new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 60 * DAY_SECONDS }),
    new PrecacheFallbackPlugin({ fallbackURL: SHELL }),
  ],
});

/** The build's files never change under their name: the cache first, the network once. */
const assets = new CacheFirst({
  cacheName: CACHE_NAMES.assets,
  plugins: [onlySuccesses, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * DAY_SECONDS, purgeOnQuotaError: true })],
});

/** A pass the server no longer knows (revoked, or never was) is forgotten here too: offline it must not show. */
const forgetGonePasses = {
  fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }) => {
    if (response.status === 404) await (await caches.open(CACHE_NAMES.passes)).delete(request, { ignoreVary: true });
    return response;
  },
};

/** The visitor pass: the network first (a revoked pass must say so), the last answer without network. */
const passes = new NetworkFirst({
  cacheName: CACHE_NAMES.passes,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  matchOptions: { ignoreVary: true },
  plugins: [onlySuccesses, forgetGonePasses, new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 90 * DAY_SECONDS })],
});

const origin = self.location.origin;
registerRoute(({ request, url }) => request.mode === 'navigate' && isAppPage(url, origin), pages);
registerRoute(({ url }) => isBuildAsset(url, origin), assets);
registerRoute(({ url }) => isVisitorPassAnswer(url, origin), passes);
// Nothing else is routed: every other request (the API above all) goes to the network as if there were no worker.

/** What a page fetched before this worker controlled it, fetched again into the caches above. */
async function warmUp({ page, resources }: WarmUpMessage, event: ExtendableEvent): Promise<void> {
  const jobs: Promise<Response>[] = [];
  const pageUrl = page === null ? null : new URL(page, origin);
  if (pageUrl && isAppPage(pageUrl, origin)) {
    jobs.push(pages.handle({ event, request: new Request(pageUrl, { headers: { accept: 'text/html' } }) }));
  }
  for (const resource of new Set(resources)) {
    const url = new URL(resource, origin);
    if (isBuildAsset(url, origin)) jobs.push(assets.handle({ event, request: url.href }));
    else if (isVisitorPassAnswer(url, origin)) jobs.push(passes.handle({ event, request: url.href }));
  }
  await Promise.allSettled(jobs);
}

self.addEventListener('message', (event) => {
  if (isWarmUpMessage(event.data)) event.waitUntil(warmUp(event.data, event));
});

// Web Push (issue 30): a push from our server carries its words in the reader's language and the screen its
// notification opens (src/api/pushPayload.ts); anything else (a test push) shows the app's name alone. A tap opens that
// screen: in a window of the app already open (focused and taken there), else in a new one.

/** The app's name (app.name, the same in every language) and its icon, as the manifest names them. */
const APP_NAME = 'Comunidad';
const APP_ICON = '/pwa-192x192.png';

/** The push's JSON, or null when it carries none. */
function pushData(event: PushEvent): unknown {
  try {
    return event.data?.json() ?? null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPushPayload(pushData(event));
  const options: NotificationOptions = {
    body: payload?.body ?? '',
    icon: APP_ICON,
    badge: APP_ICON,
    data: { path: payload?.path ?? PUSH_HOME_PATH },
    ...(payload ? { tag: payload.tag } : {}),
  };
  event.waitUntil(self.registration.showNotification(payload?.title ?? APP_NAME, options));
});

/**
 * The screen in a window of the app: one already showing it (focused), one of the app's taken there (navigate()
 * reloads it at the screen; it refuses a window this worker does not control), or a new one.
 */
async function openScreen(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const there = windows.find((client) => client.url === url);
  if (there) {
    await there.focus();
    return;
  }
  for (const client of windows) {
    if (new URL(client.url).origin !== origin) continue;
    // Focused while it moves: the tap's permission to focus does not wait for the page to load.
    const focusing = client.focus().catch(() => null);
    try {
      const moved = await client.navigate(url);
      await focusing;
      if (moved) return;
    } catch {
      // Not ours to take there: the next window, or a new one below.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openScreen(pushScreenUrl(event.notification.data, origin)));
});
