// The top-level routes of spec §2.1. Each group is its own chunk, so a visitor's phone downloads only
// the screens it opens.
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageLoader } from './app/PageLoader';

const SessionsRoutes = lazy(() => import('./sessions/SessionsRoutes'));
const GuardedCondominio = lazy(() => import('./session/GuardedCondominio'));
const LoginRedirectPage = lazy(() => import('./redirect/LoginRedirectPage'));
const loadPublicPage = () => import('./public/PublicPage');
const loadGuestRegistrationPage = () => import('./guest/GuestRegistrationPage');
const loadPassPage = () => import('./pass/PassPage');
const PublicPage = lazy(loadPublicPage);
const GuestRegistrationPage = lazy(loadGuestRegistrationPage);
const PassPage = lazy(loadPassPage);

/** The visitor routes, whose chunk a phone should not wait for (see preloadVisitorRoute). */
const VISITOR_ROUTES: [RegExp, () => Promise<unknown>][] = [
  [/^\/pagina-publica\/?$/, loadPublicPage],
  [/^\/registro-invitados\/[^/]+\/?$/, loadGuestRegistrationPage],
  [/^\/invitacion\/[^/]+\/[^/]+\/?$/, loadPassPage],
];

/**
 * Starts downloading the chunk of the visitor route at `pathname`, if it is one. main.tsx calls it before
 * the first render, so the chunk comes down beside the translations instead of after them (the routes
 * render only once the messages are in): one round trip less before a guest sees the page. React.lazy's
 * own import() then finds the module already loaded.
 */
export function preloadVisitorRoute(pathname: string): void {
  const load = VISITOR_ROUTES.find(([pattern]) => pattern.test(pathname))?.[1];
  // A failure here is not reported: the route's own import() retries and shows it.
  load?.().catch(() => undefined);
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
