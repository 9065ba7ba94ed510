// The language a person picks is kept for the server too (LANGUAGE_COOKIE, src/views/common/LanguageProvider.tsx):
// a visitor page the server paints comes in that language, not in the browser's and then another
// (server/infra/firstPaint.ts). The catalogues come from a stubbed fetch, the edge of these tests.
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageInCookie } from '../../src/i18n/languages';
import { LanguageProvider, useLanguage } from '../../src/views/common/LanguageProvider';

function Picker() {
  const { language, setLanguage } = useLanguage();
  return (
    <button type="button" onClick={() => setLanguage('fr')}>
      {language}
    </button>
  );
}

/** LanguageProvider as App.tsx has it: its loader is Mantine's. */
const renderProvider = (children: ReactNode) =>
  render(
    <MantineProvider>
      <LanguageProvider>{children}</LanguageProvider>
    </MantineProvider>,
  );

const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: as LanguageProvider writes it.
  document.cookie = 'language=; Path=/; Max-Age=0';
};

beforeEach(() => {
  // The build's constant (vite.config.ts defines it) in the catalogue's address.
  vi.stubGlobal('__I18N_VERSION__', 'test');
  vi.stubGlobal('fetch', async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
  clearCookie();
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearCookie();
  window.localStorage.clear();
});

describe('the picked language, for the server', () => {
  it('reads ours from a Cookie header, and nothing else', () => {
    expect(languageInCookie('a=1; language=fr; b=2')).toBe('fr');
    expect(languageInCookie('language=de')).toBeNull();
    expect(languageInCookie('xlanguage=fr')).toBeNull();
    expect(languageInCookie(undefined)).toBeNull();
  });

  it('is written when the person picks one', async () => {
    renderProvider(<Picker />);
    const button = await screen.findByRole('button');
    expect(languageInCookie(document.cookie)).toBeNull();
    await act(async () => button.click());
    expect(languageInCookie(document.cookie)).toBe('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
  });

  it('is told to the server when a choice was kept before it knew of it', async () => {
    window.localStorage.setItem('language', 'en');
    renderProvider(<Picker />);
    expect((await screen.findByRole('button')).textContent).toBe('en');
    expect(languageInCookie(document.cookie)).toBe('en');
  });
});

describe('the first language, as the server paints by it', () => {
  it('is the address’s, else the stored one, else the one kept for the server, else the browser’s', async () => {
    const { initialLanguage } = await import('../../src/views/common/LanguageProvider');
    window.history.replaceState(null, '', '/invitacion/1/QR?lang=fr');
    window.localStorage.setItem('language', 'en');
    // biome-ignore lint/suspicious/noDocumentCookie: as LanguageProvider writes it.
    document.cookie = 'language=es; Path=/';
    expect(initialLanguage()).toBe('fr');
    window.history.replaceState(null, '', '/invitacion/1/QR');
    expect(initialLanguage()).toBe('en');
    window.localStorage.clear();
    expect(initialLanguage()).toBe('es');
    clearCookie();
    // This browser's languages (jsdom's en-US), by the visitor pages' rule.
    expect(initialLanguage()).toBe('en');
    window.history.replaceState(null, '', '/');
  });
});
