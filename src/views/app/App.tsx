import { MantineProvider } from '@mantine/core';
import { LanguageProvider } from '../common/LanguageProvider';
import { SessionProvider } from '../common/SessionContext';
import { AppRoutes } from './routes';
import { SessionLanguage } from './SessionLanguage';
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
