import './views/app/styles';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { loadMessages } from './i18n/loadMessages';
import { onViewRefresh, reportError } from './services/errorReporter';
import { App } from './views/app/App';
import { initialLanguage } from './views/app/LanguageProvider';
import { preloadVisitorRoute } from './views/routes';

/** Remounting the tree is the "view refresh" the global error handler forces (spec §8). */
function Root() {
  const [generation, setGeneration] = useState(0);
  useEffect(() => onViewRefresh(() => setGeneration((n) => n + 1)), []);
  return <App key={generation} />;
}

window.addEventListener('error', (event) => reportError(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => reportError(event.reason));

// Before the first render, side by side: the translations (LanguageProvider finds them in loadMessages'
// cache; a failure is shown and retried there) and, on a visitor route, that route's chunk and first call.
loadMessages(initialLanguage()).catch(() => undefined);
const visitorRoute = preloadVisitorRoute(window.location.pathname);

function render() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root, {
    onUncaughtError: (error) => reportError(error),
    onCaughtError: (error) => reportError(error),
    onRecoverableError: (error) => reportError(error),
  }).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

// A visitor route renders once its chunk is in (index.html's boot loader shows meanwhile): rendered
// earlier, its lazy route would suspend, and React 19 holds a suspended page back for up to 300 ms after
// its fallback showed. Any other route renders at once.
void visitorRoute.then(render);
