// The top-level routes of spec §2.1. Each group is its own chunk, so a visitor's phone downloads only
// the screens it opens.
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageLoader } from './app/PageLoader';

const SessionsRoutes = lazy(() => import('./sessions/SessionsRoutes'));
const GuardedCondominio = lazy(() => import('./session/GuardedCondominio'));
const LoginRedirectPage = lazy(() => import('./redirect/LoginRedirectPage'));
const PublicPage = lazy(() => import('./public/PublicPage'));
const GuestRegistrationPage = lazy(() => import('./guest/GuestRegistrationPage'));
const PassPage = lazy(() => import('./pass/PassPage'));
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
