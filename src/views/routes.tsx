// The top-level routes of spec §2.1. Each group is its own chunk, so a visitor's phone downloads only
// the screens it opens.
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { GUEST_PATHS, PASS_PATHS } from '../api/visitorPaths';
import { fetchEarly } from '../services/earlyFetch';
import { PageLoader } from './app/PageLoader';
import { preloadableLazy } from './app/preloadableLazy';

const SessionsRoutes = lazy(() => import('./sessions/SessionsRoutes'));
const GuardedCondominio = lazy(() => import('./session/GuardedCondominio'));
const LoginRedirectPage = lazy(() => import('./redirect/LoginRedirectPage'));
const publicPage = preloadableLazy(() => import('./public/PublicPage'));
const guestRegistrationPage = preloadableLazy(() => import('./guest/GuestRegistrationPage'));
const passPage = preloadableLazy(() => import('./pass/PassPage'));
const PublicPage = publicPage.Component;
const GuestRegistrationPage = guestRegistrationPage.Component;
const PassPage = passPage.Component;

// A link's token and a pass's QR as the pages' services accept them (src/api/guests.ts, visitorPaths.ts):
// URL-safe, so the early call's path is the one the page's call would build.
const GUEST_TOKEN = '([A-Za-z0-9_-]{1,100})';
const PASS_ADDRESS = '(\\d{1,10})/([A-Za-z0-9_-]{1,64})';

interface VisitorRoute {
  pattern: RegExp;
  preload: () => Promise<unknown>;
  /** The page's first API call, from the address's captured parts. */
  firstCall?: (parts: string[]) => string;
}

/** The visitor routes, whose chunk and first call a phone should not wait for (see preloadVisitorRoute). */
const VISITOR_ROUTES: VisitorRoute[] = [
  { pattern: /^\/pagina-publica\/?$/, preload: publicPage.preload },
  {
    pattern: new RegExp(`^/registro-invitados/${GUEST_TOKEN}/?$`),
    preload: guestRegistrationPage.preload,
    firstCall: ([token = '']) => GUEST_PATHS.formInfo(token),
  },
  {
    pattern: new RegExp(`^/invitacion/${PASS_ADDRESS}/?$`),
    preload: passPage.preload,
    firstCall: ([condoId = '', qr = '']) => PASS_PATHS.view(condoId, qr),
  },
];

/**
 * Starts downloading the chunk of the visitor route at `pathname`, if it is one, and its first API call.
 * main.tsx calls it before the first render, so both come down beside the translations instead of after
 * them (the routes render only once the messages are in): round trips less before a guest sees the page.
 * Settles when the chunk is in (or failed: the route's own import() retries and shows it); at once for
 * any other route.
 */
export function preloadVisitorRoute(pathname: string): Promise<void> {
  for (const route of VISITOR_ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    if (route.firstCall) fetchEarly(route.firstCall(match.slice(1)));
    return route.preload().then(
      () => undefined,
      () => undefined,
    );
  }
  return Promise.resolve();
}

const PricingPage = lazy(() => import('./pricing/PricingPage'));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Switch>
        <Route path="/">
          <Redirect to="/sessions/signin" replace />
        </Route>
        <Route path="/login-redirect" component={LoginRedirectPage} />
        <Route path="/pagina-publica" component={PublicPage} />
        <Route path="/registro-invitados/:token" component={GuestRegistrationPage} />
        <Route path="/invitacion/:condoId/:qr" component={PassPage} />
        <Route path="/precios-y-planes" component={PricingPage} />
        <Route path="/sessions" nest>
          <SessionsRoutes />
        </Route>
        <Route path="/condominio" nest>
          <GuardedCondominio />
        </Route>
        <Route>
          <Redirect to="/sessions/404" replace />
        </Route>
      </Switch>
    </Suspense>
  );
}
