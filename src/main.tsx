import './views/app/styles';
import { StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { catalogScopeAt } from './i18n/catalogScope';
import { loadMessages } from './i18n/loadMessages';
import { onViewRefresh, reportError } from './services/errorReporter';
import { App } from './views/app/App';
import { preloadRoute } from './views/app/routes';
import { shareStyleNonce } from './views/app/styleNonce';
import { initialLanguage } from './views/common/LanguageProvider';

/** Remounting the tree is the "view refresh" the global error handler forces (spec §8). */
function Root() {
  const [generation, setGeneration] = useState(0);
  useEffect(() => onViewRefresh(() => setGeneration((n) => n + 1)), []);
  return <App key={generation} />;
}

// Style elements inserted without the page's nonce would be refused by its Content-Security-Policy.
shareStyleNonce();

window.addEventListener('error', (event) => reportError(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => reportError(event.reason));

// Before the first render, side by side: the translations (LanguageProvider finds them in loadMessages'
// cache; a failure is shown and retried there) and the route's chunk: on a visitor route with its first call.
const language = initialLanguage();
// The page's language from the first request on: http.ts sends <html lang> as Accept-Language.
document.documentElement.lang = language;
const messages = loadMessages(language, catalogScopeAt(window.location.pathname)).catch(() => undefined);
const route = preloadRoute(window.location.pathname);

function render() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container, {
    onUncaughtError: (error) => reportError(error),
    onCaughtError: (error) => reportError(error),
    onRecoverableError: (error) => reportError(error),
  });
  // As a transition, the first render is time-sliced: React yields to the browser every few
  // milliseconds instead of holding a phone's main thread for the whole tree.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root />
      </StrictMode>,
    ),
  );
}

// The first render waits for the messages and, on a visitor route, its chunk (index.html's boot loader
// shows meanwhile, the same loader LanguageProvider would show): so it is the page itself, in one
// commit. Rendered earlier, the page would come in three (loader, suspended route, page), and React 19
// holds a suspended page back for up to 300 ms after its fallback showed.
void Promise.all([messages, route]).then(render);

// The installable app's service worker, in the build only, once the page has loaded: its install then takes
// nothing from what a visitor's phone needs first (src/services/serviceWorker.ts).
if (import.meta.env.PROD) {
  const registerWorker = () => void import('./services/serviceWorker').then((worker) => worker.registerServiceWorker());
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
}
