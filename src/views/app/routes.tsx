// The top-level routes of spec §2.1. Each group is its own chunk, so a visitor's phone downloads only
// the screens it opens.
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { type VisitorPageName, visitorPageAt } from '../../api/visitorPaths';
import { fetchEarly } from '../../services/earlyFetch';
import { PageLoader } from '../common/PageLoader';
import { preloadableLazy } from '../common/preloadableLazy';

const SessionsRoutes = lazy(() => import('../sessions/SessionsRoutes'));
const GuardedCondominio = lazy(() => import('./GuardedCondominio'));
// Opened on a gate device with nobody signed in (issue 26): outside the authentication guard of /condominio.
const PairDevicePage = lazy(() => import('../gate/PairDevicePage'));
const LoginRedirectPage = lazy(() => import('../redirect/LoginRedirectPage'));
const publicPage = preloadableLazy(() => import('../public/PublicPage'));
const guestRegistrationPage = preloadableLazy(() => import('../guest/GuestRegistrationPage'));
const passPage = preloadableLazy(() => import('../pass/PassPage'));
const PublicPage = publicPage.Component;
const GuestRegistrationPage = guestRegistrationPage.Component;
const PassPage = passPage.Component;

type GuestRegistrationModule = typeof import('../guest/GuestRegistrationPage');

/** Each visitor page's chunk, and what it reads before the first render (from the address's parts). */
const PRELOAD: Record<VisitorPageName, (parts: string[]) => Promise<unknown>> = {
  publicPage: publicPage.preload,
  guestRegistration: ([token = '']) =>
    guestRegistrationPage.preload().then((module) => (module as GuestRegistrationModule).prepare(token)),
  pass: passPage.preload,
};

/**
 * Starts downloading the chunk of the visitor route at `pathname`, if it is one, and its first API call.
 * main.tsx calls it before the first render, so both come down beside the translations instead of after
 * them (the routes render only once the messages are in): round trips less before a guest sees the page.
 * Settles when the chunk is in and has read what already arrived (or failed: the route's own import()
 * retries and shows it); at once for any other route.
 */
export function preloadVisitorRoute(pathname: string): Promise<void> {
  const visitor = visitorPageAt(pathname);
  if (!visitor) return Promise.resolve();
  if (visitor.firstCall) fetchEarly(visitor.firstCall);
  return PRELOAD[visitor.page.name](visitor.parts).then(
    () => undefined,
    () => undefined,
  );
}

const PricingPage = lazy(() => import('../pricing/PricingPage'));
// Where the product's payment provider sends an administrator back after contratar a plan (issue 28).
const PlanCheckoutResultPage = lazy(() => import('../pricing/PlanCheckoutResultPage'));
// What a payment receipt's QR opens (issue 27): its own chunk, so no other visitor page grows.
const ReceiptVerifyPage = lazy(() => import('../receipts/ReceiptVerifyPage'));
// The built-in sandbox payment provider's checkout page (issue 27): outside the app's guard, as a provider's is.
const SandboxCheckoutPage = lazy(() => import('../checkout/SandboxCheckoutPage'));

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
        <Route path="/recibo/:token" component={ReceiptVerifyPage} />
        <Route path="/pago-sandbox/:ref" component={SandboxCheckoutPage} />
        <Route path="/precios-y-planes" component={PricingPage} />
        <Route path="/precios-y-planes/contratacion/:id" component={PlanCheckoutResultPage} />
        <Route path="/sessions" nest>
          <SessionsRoutes />
        </Route>
        <Route path="/condominio/dispositivos/register/:id" component={PairDevicePage} />
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
