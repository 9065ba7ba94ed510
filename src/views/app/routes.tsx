// The top-level routes of spec §2.1. Each group is its own chunk, so a visitor's phone downloads only
// the screens it opens. The entry holds only the visitor pages' routes: every other page is behind
// SessionRoutes (a chunk of its own, with the session actor and dayjs), which a visitor page loads only
// when the browser already holds a session (for the profile's language, spec §1).
import { type ReactNode, Suspense, useState } from 'react';
import { Route, Switch } from 'wouter';
import { type VisitorPageName, visitorPage, visitorPageAt } from '../../api/visitorPaths';
import { fetchEarly } from '../../services/earlyFetch';
import { readToken } from '../../services/tokenStore';
import { PageLoader } from '../common/PageLoader';
import { preloadableLazy } from '../common/preloadableLazy';

const publicPage = preloadableLazy(() => import('../public/PublicPage'));
const guestRegistrationPage = preloadableLazy(() => import('../guest/GuestRegistrationPage'));
const passPage = preloadableLazy(() => import('../pass/PassPage'));
const PublicPage = publicPage.Component;
const GuestRegistrationPage = guestRegistrationPage.Component;
const PassPage = passPage.Component;

const sessionRoutes = preloadableLazy(() => import('./SessionRoutes'));
const visitorSession = preloadableLazy(() => import('./SessionRoutes').then((module) => ({ default: module.VisitorSession })));
const SessionRoutes = sessionRoutes.Component;
const VisitorSession = visitorSession.Component;

type GuestRegistrationModule = typeof import('../guest/GuestRegistrationPage');
type PassModule = typeof import('../pass/PassPage');

/** Each visitor page's chunk, and what it reads before the first render (from the address's parts). */
const PRELOAD: Record<VisitorPageName, (parts: string[]) => Promise<unknown>> = {
  publicPage: publicPage.preload,
  guestRegistration: ([token = '']) =>
    guestRegistrationPage.preload().then((module) => (module as GuestRegistrationModule).prepare(token)),
  pass: ([condoId = '', qr = '']) => passPage.preload().then((module) => (module as PassModule).prepare(condoId, qr)),
};

const settled = (pending: Promise<unknown>) =>
  pending.then(
    () => undefined,
    () => undefined,
  );

/**
 * Starts downloading what the page at `pathname` needs before it can show: a visitor route's chunk and first
 * API call (with the session's chunk when the browser holds a session), any other route's SessionRoutes.
 * main.tsx calls it before the first render, so these come down beside the translations instead of after
 * them (the routes render only once the messages are in): round trips less before the page shows.
 * Settles when a visitor route's chunks are in and it has read what already arrived (or failed: the route's
 * own import() retries and shows it); at once for any other route, whose loader shows meanwhile.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const visitor = visitorPageAt(pathname);
  if (!visitor) {
    void settled(sessionRoutes.preload());
    return Promise.resolve();
  }
  if (visitor.firstCall) fetchEarly(visitor.firstCall);
  const page = PRELOAD[visitor.page.name](visitor.parts);
  return settled(Promise.all([page, readToken() ? visitorSession.preload() : null]));
}

/** A visitor page, inside the session when the browser held one as the page opened (decided once: a later
 * change would remount the page). Without one, nothing of the session is loaded. */
function Visitor({ children }: { children: ReactNode }) {
  const [signedIn] = useState(() => readToken() !== null);
  return signedIn ? <VisitorSession>{children}</VisitorSession> : children;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Switch>
        <Route path={visitorPage('publicPage').route}>
          <Visitor>
            <PublicPage />
          </Visitor>
        </Route>
        <Route path={visitorPage('guestRegistration').route}>
          <Visitor>
            <GuestRegistrationPage />
          </Visitor>
        </Route>
        <Route path={visitorPage('pass').route}>
          <Visitor>
            <PassPage />
          </Visitor>
        </Route>
        <Route>
          <SessionRoutes />
        </Route>
      </Switch>
    </Suspense>
  );
}
