// Renders a view inside the providers the app gives it, with Spanish messages (or another language's) and an
// in-memory router.
// Mantine runs in its test environment: no transitions, no portals, and popovers stay shown although
// happy-dom lays nothing out.
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { type ReactNode, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
// dayjs's locales and Spanish, as the app's SessionRoutes sets them before any page that uses dayjs renders.
import '../../../src/i18n/dates';
import { readCatalog } from '../../../src/i18n/node/readCatalog';
import { LanguageContext } from '../../../src/views/common/LanguageProvider';
import { SessionProvider } from '../../../src/views/common/SessionContext';
import Toasts from '../../../src/views/common/Toasts';

const CATALOGS = {
  es: readCatalog('es'),
  en: null as ReturnType<typeof readCatalog> | null,
  fr: null as ReturnType<typeof readCatalog> | null,
};
const LOCALES = { es: 'es-MX', en: 'en-US', fr: 'fr-FR' } as const;
type Language = keyof typeof LOCALES;
const catalogOf = (language: Language) => {
  CATALOGS[language] ??= readCatalog(language);
  return CATALOGS[language]!;
};

/** The app's language state (LanguageProvider's), with the catalogues read from disk: a switch re-renders. */
function TestLanguage({ initial, children }: { initial: Language; children: ReactNode }) {
  const [language, setLanguage] = useState(initial);
  const state = useMemo(() => ({ language, setLanguage }), [language]);
  return (
    <LanguageContext.Provider value={state}>
      <IntlProvider locale={LOCALES[language]} messages={catalogOf(language)}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

export function renderWithApp(ui: ReactNode, { path = '/', language = 'es' }: { path?: string; language?: Language } = {}) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <MantineProvider env="test">
      <TestLanguage initial={language}>
        <SessionProvider>
          <Router hook={location.hook} searchHook={location.searchHook}>
            {ui}
            {/* The shell's toasts' corner (src/views/app/shell/CondoShell.tsx mounts it lazily). */}
            <Toasts />
          </Router>
        </SessionProvider>
      </TestLanguage>
    </MantineProvider>,
  );
  return { ...view, location };
}
