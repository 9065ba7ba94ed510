import { MantineProvider } from '@mantine/core';
import { LanguageProvider } from '../common/LanguageProvider';
import { AppRoutes } from './routes';
import { getStyleNonce } from './styleNonce';
import { theme } from './theme';

// The session (and with it the profile's language) is inside the routes: a visitor page without a saved
// session has none (routes.tsx, SessionRoutes.tsx).
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" getStyleNonce={getStyleNonce}>
      <LanguageProvider>
        <AppRoutes />
      </LanguageProvider>
    </MantineProvider>
  );
}
