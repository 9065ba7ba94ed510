// Renders a view inside the providers the app gives it, with Spanish messages and an in-memory router.
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

const es = readCatalog('es');

export function renderWithApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <MantineProvider env="test">
      <IntlProvider locale="es-MX" messages={es}>
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
