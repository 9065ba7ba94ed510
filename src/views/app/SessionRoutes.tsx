// Every route but the visitor pages, in a chunk of its own: the session actor (sessionMachine, xstate, the
// session's contract) and dayjs with its locales load here, so a visitor's phone downloads none of them
// (routes.tsx). The session lives as long as one of these pages is shown.
import { lazy, type ReactNode, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Redirect, Route, Switch } from 'wouter';
import { applyDateLanguage } from '../../i18n/dates';
import { isLanguage } from '../../i18n/languages';
import { PageLoader } from '../common/PageLoader';
import { SessionProvider } from '../common/SessionContext';
import { SessionLanguage } from './SessionLanguage';

const SessionsRoutes = lazy(() => import('../sessions/SessionsRoutes'));
const GuardedCondominio = lazy(() => import('./GuardedCondominio'));
// Opened on a gate device with nobody signed in (issue 26): outside the authentication guard of /condominio.
const PairDevicePage = lazy(() => import('../gate/PairDevicePage'));
const LoginRedirectPage = lazy(() => import('../redirect/LoginRedirectPage'));
const PricingPage = lazy(() => import('../pricing/PricingPage'));
// Where the product's payment provider sends an administrator back after contratar a plan (issue 28).
const PlanCheckoutResultPage = lazy(() => import('../pricing/PlanCheckoutResultPage'));
// What a payment receipt's QR opens (issue 27): its own chunk, so no other visitor page grows.
const ReceiptVerifyPage = lazy(() => import('../receipts/ReceiptVerifyPage'));
// The built-in sandbox payment provider's checkout page (issue 27): outside the app's guard, as a provider's is.
const SandboxCheckoutPage = lazy(() => import('../checkout/SandboxCheckoutPage'));
// The product's own support desk (issue 30): its agents' sign-in and console, outside the condominiums' guard.
const SupportDeskPage = lazy(() => import('../support/SupportDeskPage'));

/**
 * dayjs formats in the language the page shows (the one its messages are in), set before the pages render:
 * the views that use dayjs (or Mantine's dates) are all behind this.
 */
function DateLanguage({ children }: { children: ReactNode }) {
  const language = useIntl().locale.split('-')[0];
  if (isLanguage(language)) applyDateLanguage(language);
  return children;
}

/** The session, with the profile's language, for a visitor page opened with a saved session (routes.tsx). */
export function VisitorSession({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <SessionLanguage />
      {children}
    </SessionProvider>
  );
}

export default function SessionRoutes() {
  return (
    <SessionProvider>
      <SessionLanguage />
      <DateLanguage>
        {/* Below the session, so that a page's chunk on its way never holds the session back. */}
        <Suspense fallback={<PageLoader />}>
          <Switch>
            <Route path="/">
              <Redirect to="/sessions/signin" replace />
            </Route>
            <Route path="/login-redirect" component={LoginRedirectPage} />
            <Route path="/recibo/:token" component={ReceiptVerifyPage} />
            <Route path="/pago-sandbox/:ref" component={SandboxCheckoutPage} />
            <Route path="/precios-y-planes" component={PricingPage} />
            <Route path="/soporte" component={SupportDeskPage} />
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
      </DateLanguage>
    </SessionProvider>
  );
}
