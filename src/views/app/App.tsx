import { MantineProvider } from '@mantine/core';
import { AppRoutes } from '../routes';
import { SessionProvider } from '../session/SessionContext';
import { SessionLanguage } from '../session/SessionLanguage';
import { LanguageProvider } from './LanguageProvider';
import { getStyleNonce } from './styleNonce';
import { theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" getStyleNonce={getStyleNonce}>
      <LanguageProvider>
        <SessionProvider>
          <SessionLanguage />
          <AppRoutes />
        </SessionProvider>
      </LanguageProvider>
    </MantineProvider>
  );
}
