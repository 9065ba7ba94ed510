// happy-dom lacks a few browser APIs Mantine relies on.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fakeMatchMedia } from '../support/views/matchMedia';

if (!window.matchMedia) {
  window.matchMedia = fakeMatchMedia(() => false);
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
