// Before each view file. The views share one module graph and one happy-dom window per worker (isolate: false,
// vitest.config.ts: importing React, Mantine and the app for every file was two thirds of this layer's time),
// so each file starts from what a fresh worker would give it.
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeMatchMedia } from '../support/views/matchMedia';

// The app keeps state in its own modules (caches, the token, calls under way): every file evaluates them
// afresh. The libraries (React, Mantine, XState), which keep none a file could leave, stay loaded.
vi.resetModules();

// What a file may have left in the shared window: fake timers, stubbed globals (fetch), a viewport
// (useViewport), object URLs replaced for a download, the page's title and language. (Vitest itself restores
// spies between files, and the storage is cleared after every test below.)
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
document.body.innerHTML = '';
document.title = '';
document.documentElement.removeAttribute('lang');

// happy-dom lacks a few browser APIs Mantine relies on; a phone's, until a test says otherwise.
window.matchMedia = fakeMatchMedia(() => false);
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// What the first file found, put back for every next one: the object URL functions, and the page's address
// (a download link clicked in happy-dom navigates the window to its blob: URL, and the app's calls are
// relative to the page's origin).
const first = globalThis as unknown as {
  viewsFirstFound?: { url: string; createObjectURL: typeof URL.createObjectURL; revokeObjectURL: typeof URL.revokeObjectURL };
};
first.viewsFirstFound ??= {
  url: window.location.href,
  createObjectURL: URL.createObjectURL,
  revokeObjectURL: URL.revokeObjectURL,
};
URL.createObjectURL = first.viewsFirstFound.createObjectURL;
URL.revokeObjectURL = first.viewsFirstFound.revokeObjectURL;
if (window.location.href !== first.viewsFirstFound.url) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(first.viewsFirstFound.url);
}

afterEach(() => {
  cleanup();
  // Toasts live in @mantine/notifications' own store, which stays loaded with the library: one a test left (the
  // gate's "Salida guardada sin conexión") would show again under the next file's <Notifications />.
  notifications.clean();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
