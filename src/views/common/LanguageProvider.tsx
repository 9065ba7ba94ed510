// Chooses the language, loads its messages and provides react-intl. Visitor pages use the browser's
// language by the spec's rule (or the one the visitor picked); a signed-in user's profile language wins (spec §1).
// Dates follow the shown language from SessionRoutes (src/views/app), where the pages that use dayjs are:
// visitor pages carry no dayjs. A visitor page loads only the visitor catalog (src/i18n/catalogScope.ts); leaving
// it for any other page loads the whole one first, with the loader meanwhile.
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { useLocation } from 'wouter';
import { visitorPageAt } from '../../api/visitorPaths';
import { type CatalogScope, catalogScopeAt } from '../../i18n/catalogScope';
import {
  appLanguage,
  isLanguage,
  LANGUAGE_PARAM,
  type Language,
  LOCALE,
  languageCookie,
  languageInCookie,
  languageInQuery,
  publicLanguage,
} from '../../i18n/languages';
import { loadedMessages, loadMessages, type Messages } from '../../i18n/loadMessages';

const STORAGE_KEY = 'language';

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

/** Exported for the view tests' providers (tests/support/views/renderWithApp.tsx). */
export const LanguageContext = createContext<LanguageState | null>(null);

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage outside LanguageProvider');
  return state;
}

/**
 * The address's ?lang=, else the stored choice (here, else the one kept for the server), else the browser's
 * languages: on a visitor page by the spec's rule (French or English, otherwise English), elsewhere Spanish-first
 * (src/i18n/languages.ts). The server paints a visitor page by the same order (server/infra/visitorHints.ts).
 */
export function initialLanguage(): Language {
  const asked = languageInQuery(window.location.search);
  if (asked) return asked;
  const stored = window.localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  // A pick the server kept (the switch of a painted page, before the app ran there): the server paints with it.
  const kept = languageInCookie(document.cookie);
  if (kept) return kept;
  const browser = navigator.languages ?? [navigator.language];
  return visitorPageAt(window.location.pathname) ? publicLanguage(browser) : appLanguage(browser);
}

/** The picked language for the server too (LANGUAGE_COOKIE), for a year, on every path of this site. */
function keepForServer(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser a visitor has (Safari, older phones).
  document.cookie = languageCookie(language, window.location.protocol === 'https:');
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const [pathname] = useLocation();
  const scope = catalogScopeAt(pathname);
  // main.tsx renders once the messages have arrived, so the first render is normally the page itself.
  const [messages, setMessages] = useState<{ language: Language; scope: CatalogScope; messages: Messages } | null>(() => {
    const loaded = loadedMessages(language, scope);
    if (!loaded) return null;
    return { language, scope: loadedMessages(language) === loaded ? 'all' : scope, messages: loaded };
  });
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setFailed(false);
    loadMessages(language, scope).then(
      (loaded) => {
        if (!current) return;
        const arrivedScope = loadedMessages(language) === loaded ? 'all' : scope;
        // The same messages as the first render's: no second render.
        setMessages((shown) =>
          shown?.language === language && shown.messages === loaded ? shown : { language, scope: arrivedScope, messages: loaded },
        );
      },
      () => current && setFailed(true),
    );
    document.documentElement.lang = language;
    return () => {
      current = false;
    };
  }, [language, scope, attempt]);

  useEffect(() => {
    // A pick made before the app ran (the switch's ?lang=, VisitorLanguageSwitch): kept, and the address
    // cleaned, so that a later pick in place is not undone by a reload.
    const asked = languageInQuery(window.location.search);
    if (asked) {
      window.localStorage.setItem(STORAGE_KEY, asked);
      const url = new URL(window.location.href);
      url.searchParams.delete(LANGUAGE_PARAM);
      window.history.replaceState(window.history.state, '', url);
    }
    // A choice kept before the server was told of it (or a cookie since cleared): told now.
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored) && languageInCookie(document.cookie) !== stored) keepForServer(stored);
  }, []);

  const setLanguage = useCallback((next: Language) => {
    window.localStorage.setItem(STORAGE_KEY, next);
    keepForServer(next);
    setLanguageState(next);
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);

  // Past a visitor page with only its catalog: this page's words are not there yet.
  if (!messages || (messages.scope === 'visitor' && scope === 'all')) {
    // No translations yet, so this one message is bilingual.
    return failed ? (
      <Center mih="100vh" p="md">
        <Stack align="center">
          <Text>No se pudo cargar la aplicación. / The app could not be loaded.</Text>
          <Button onClick={() => setAttempt((n) => n + 1)}>Reintentar / Retry</Button>
        </Stack>
      </Center>
    ) : (
      // The same loader as index.html's boot loader, which this first render replaces: no blank flash.
      <Center mih="60vh">
        <Loader aria-hidden />
      </Center>
    );
  }
  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider locale={LOCALE[messages.language]} messages={messages.messages} defaultLocale="es-MX">
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}
