// The top-level routes of spec §2.1. Each group is its own chunk, so a visitor's phone downloads only
// the screens it opens.
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageLoader } from './app/PageLoader';

const SessionsRoutes = lazy(() => import('./sessions/SessionsRoutes'));
const GuardedCondominio = lazy(() => import('./session/GuardedCondominio'));
const LoginRedirectPage = lazy(() => import('./redirect/LoginRedirectPage'));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Switch>
        <Route path="/">
          <Redirect to="/sessions/signin" replace />
        </Route>
        <Route path="/login-redirect" component={LoginRedirectPage} />
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
