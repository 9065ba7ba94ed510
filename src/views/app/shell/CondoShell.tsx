// The signed-in shell (spec §2.3): header, the menu as a sidebar, across the top or (on phones) in a
// drawer, and the page. Built on Mantine's AppShell; what the menus offer comes from menuModel.ts.
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Container.css';
import { AppShell, Box, Container, em, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { canSeeCommunication, canSeeSupportChat } from '../../../api/permissions';
import { HomeCountsProvider } from '../../common/homeCounts';
import { LiveStatusNotice } from '../../common/LiveChannel';
import { mainMenu, profileMenu } from '../../common/menuModel';
import { SessionContext } from '../../common/SessionContext';
import { SIDEBAR_WIDTH, toggleSidebar } from './layoutPreferences';
import { ShellHeader } from './ShellHeader';
import { SideNav } from './SideNav';
import classes from './shell.module.css';
import { TrialCountdown, useTrialDaysLeft } from './TrialCountdown';
import { useLayoutPreferences } from './useLayoutPreferences';

/** The phones' menu drawer: right after the shell, not with it (NavDrawer.tsx). */
const NavDrawer = lazy(() => import('./NavDrawer'));
/** The toasts' corner loads with the shell, not with the entry (visitor pages show no toast). */
const Toasts = lazy(() => import('../../common/Toasts'));
/** The support chat's launcher (administrators only, spec §6): its own chunk, loaded with the shell. */
const SupportLauncher = lazy(() => import('./SupportLauncher'));

/** Below this width (Mantine's md) the menu is a drawer behind a burger. */
export const DESKTOP_QUERY = `(min-width: ${em(992)})`;
const NAV_ID = 'main-navigation';
const MAIN_ID = 'main';
const HEADER_HEIGHT = 60;

/** Whether this tab has not played the intro yet (and it now has). Storage refused: no intro. */
export const INTRO_KEY = 'shell-intro-played';
function playIntroOnce(): boolean {
  try {
    if (sessionStorage.getItem(INTRO_KEY)) return false;
    sessionStorage.setItem(INTRO_KEY, '1');
    return true;
  } catch {
    return false;
  }
}

export function CondoShell({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  // While the session data loads again (after a profile change), the page says it is being updated.
  const refreshing = SessionContext.useSelector((s) => s.matches({ signedIn: 'refreshing' }));
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [layout, setLayout] = useLayoutPreferences();
  const [drawerOpened, drawer] = useDisclosure(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const [location] = useLocation();
  const entries = useMemo(() => (data ? mainMenu(data) : []), [data]);
  const profileLinks = useMemo(() => (data ? profileMenu(data) : []), [data]);
  const trialDays = useTrialDaysLeft();
  // The intro plays once per tab (spec §9): the shell's first opening, not every page nor every reload.
  const [intro] = useState(() => playIntroOnce());

  // A new page: close the drawer and take keyboard and screen-reader focus to the page itself.
  const lastLocation = useRef(location);
  useEffect(() => {
    if (location === lastLocation.current) return;
    lastLocation.current = location;
    drawer.close();
    mainRef.current?.focus({ preventScroll: true });
  }, [location, drawer]);

  if (!data) return null;
  const sidebar = isDesktop && layout.navigation === 'side' && layout.sidebar !== 'closed' ? layout.sidebar : null;
  const navLabel = intl.formatMessage({ id: 'shell.mainNav' });

  return (
    <HomeCountsProvider enabled={canSeeCommunication(data)}>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={sidebar ? { width: SIDEBAR_WIDTH[sidebar], breakpoint: 'md' } : undefined}
        padding={{ base: 'sm', sm: 'md' }}
      >
        <a
          href={`#${MAIN_ID}`}
          className={classes.skipLink}
          onClick={(event) => {
            event.preventDefault();
            mainRef.current?.focus();
          }}
        >
          <FormattedMessage id="app.skipToContent" />
        </a>
        <AppShell.Header>
          <ShellHeader
            condoName={data.condo.CondoName}
            entries={entries}
            profileLinks={profileLinks}
            isDesktop={isDesktop}
            layout={layout}
            onLayoutChange={setLayout}
            onToggleSidebar={() => setLayout(toggleSidebar)}
            trialDays={trialDays}
            drawerOpened={drawerOpened}
            onOpenDrawer={drawer.open}
            burgerRef={burgerRef}
            navId={NAV_ID}
          />
        </AppShell.Header>
        {sidebar && (
          <AppShell.Navbar id={NAV_ID} aria-label={navLabel} p={sidebar === 'full' ? 'sm' : 8}>
            <AppShell.Section grow component={ScrollArea}>
              <SideNav entries={entries} variant={sidebar} />
            </AppShell.Section>
          </AppShell.Navbar>
        )}
        {!isDesktop && (
          <Suspense fallback={null}>
            <NavDrawer
              opened={drawerOpened}
              onClose={() => {
                drawer.close();
                burgerRef.current?.focus();
              }}
              returnFocus={false}
              size={300}
              padding="sm"
              title={data.condo.CondoName}
              styles={{ title: { fontWeight: 700 } }}
              closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'shell.closeMenu' }) }}
            >
              {/* Choosing a link closes the drawer, also when it is the page already open. On the way up (after the
                link's own handler took the navigation): closed on the way down, without a transition (reduced
                motion), the link was gone before its handler ran and the browser loaded the whole page. */}
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links' own clicks, which Enter fires too, bubble here. */}
              <nav
                id={NAV_ID}
                aria-label={navLabel}
                onClick={(event) => {
                  if (!(event.target instanceof Element) || !event.target.closest('a')) return;
                  drawer.close();
                  mainRef.current?.focus({ preventScroll: true });
                }}
              >
                <SideNav entries={entries} variant="full" />
              </nav>
            </NavDrawer>
          </Suspense>
        )}
        <AppShell.Main
          id={MAIN_ID}
          ref={mainRef}
          tabIndex={-1}
          className={intro ? `${classes.main} ${classes.intro}` : classes.main}
          data-intro={intro || undefined}
          aria-busy={refreshing || undefined}
        >
          <Container size="md" px={0}>
            {!isDesktop && trialDays !== null && (
              <Box mb="sm">
                <TrialCountdown days={trialDays} size="md" />
              </Box>
            )}
            <LiveStatusNotice />
            {children}
          </Container>
        </AppShell.Main>
      </AppShell>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      {canSeeSupportChat(data) ? (
        <Suspense fallback={null}>
          <SupportLauncher />
        </Suspense>
      ) : null}
    </HomeCountsProvider>
  );
}
