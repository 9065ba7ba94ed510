// Chooses the language, loads its messages and provides react-intl. Visitor pages use the browser's
// language by the spec's rule (or the one the visitor picked); a signed-in user's profile language wins (spec §1).
// Dates follow the shown language from SessionRoutes (src/views/app), where the pages that use dayjs are:
// visitor pages carry no dayjs.
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { visitorPageAt } from '../../api/visitorPaths';
import { appLanguage, isLanguage, type Language, LOCALE, publicLanguage } from '../../i18n/languages';
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
 * The stored choice, else the browser's languages: on a visitor page by the spec's rule (French or English,
 * otherwise English), elsewhere Spanish-first (src/i18n/languages.ts).
 */
export function initialLanguage(): Language {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = navigator.languages ?? [navigator.language];
  return visitorPageAt(window.location.pathname) ? publicLanguage(browser) : appLanguage(browser);
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  // main.tsx renders once the messages have arrived, so the first render is normally the page itself.
  const [messages, setMessages] = useState<{ language: Language; messages: Messages } | null>(() => {
    const loaded = loadedMessages(language);
    if (!loaded) return null;
    return { language, messages: loaded };
  });
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setFailed(false);
    loadMessages(language).then(
      (loaded) => {
        if (!current) return;
        // The same messages as the first render's: no second render.
        setMessages((shown) =>
          shown?.language === language && shown.messages === loaded ? shown : { language, messages: loaded },
        );
      },
      () => current && setFailed(true),
    );
    document.documentElement.lang = language;
    return () => {
      current = false;
    };
  }, [language, attempt]);

  const setLanguage = useCallback((next: Language) => {
    window.localStorage.setItem(STORAGE_KEY, next);
    setLanguageState(next);
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);

  if (!messages) {
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
