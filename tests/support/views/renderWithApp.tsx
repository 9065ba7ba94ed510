// Renders a view inside the providers the app gives it, with Spanish messages (or another language's) and an
// in-memory router.
// Mantine runs in its test environment: no transitions, no portals, and popovers stay shown although
// happy-dom lays nothing out.
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { readCatalog } from '../../../src/i18n/node/readCatalog';
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

export function renderWithApp(ui: ReactNode, { path = '/', language = 'es' }: { path?: string; language?: Language } = {}) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <MantineProvider env="test">
      <IntlProvider locale={LOCALES[language]} messages={catalogOf(language)}>
        <SessionProvider>
          <Router hook={location.hook} searchHook={location.searchHook}>
            {ui}
            {/* The shell's toasts' corner (src/views/app/shell/CondoShell.tsx mounts it lazily). */}
            <Toasts />
          </Router>
        </SessionProvider>
      </IntlProvider>
    </MantineProvider>,
  );
  return { ...view, location };
}
