// @vitest-environment happy-dom
// The token-change rule's detection (spec §4): a change made by this tab is known; one made by another
// tab (storage changed behind our back) is reported once.
import { beforeEach, describe, expect, it } from 'vitest';

describe('tokenStore', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('tells a change by another tab from this tab’s own sign-in and sign-out', async () => {
    const store = await import('../../src/services/tokenStore');
    expect(store.tokenChangedElsewhere()).toBe(false);
    store.saveToken('mine', true);
    expect(store.tokenChangedElsewhere()).toBe(false);
    expect(store.readToken()).toBe('mine');

    window.localStorage.setItem('app-token', 'theirs'); // another tab signed in as someone else
    expect(store.tokenChangedElsewhere()).toBe(true);
    expect(store.tokenChangedElsewhere()).toBe(false);

    store.clearToken();
    expect(store.tokenChangedElsewhere()).toBe(false);
    window.sessionStorage.setItem('app-token', 'new');
    expect(store.tokenChangedElsewhere()).toBe(true);
  });

  it('keeps an unremembered token in sessionStorage only', async () => {
    const store = await import('../../src/services/tokenStore');
    store.saveToken('tab-only', false);
    expect(window.sessionStorage.getItem('app-token')).toBe('tab-only');
    expect(window.localStorage.getItem('app-token')).toBeNull();
  });
});
