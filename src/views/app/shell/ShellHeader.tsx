// The header: the menu toggle (a burger for the drawer on phones), the condominium's name, the top
// navigation when the user chose it, the trial countdown, the layout control, the search box (an icon that
// opens it on phones) and the user's menu.
import '@mantine/core/styles/Burger.css';
import { ActionIcon, Box, Burger, Group, Title } from '@mantine/core';
import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { HEADER_NAME_LIMIT, truncate } from '../../common/condoName';
import type { MenuEntry } from '../../common/menuModel';
import { menuToggleEnabled } from '../../common/screens';
import { NotificationsPanel } from '../../communication/NotificationsPanel';
import { HeaderSearch } from '../../search/HeaderSearch';
import { ShellIcon } from './icons';
import { LayoutMenu } from './LayoutMenu';
import type { LayoutPreferences } from './layoutPreferences';
import { ProfileMenu } from './ProfileMenu';
import { TopNav } from './TopNav';
import { TrialCountdown } from './TrialCountdown';

interface ShellHeaderProps {
  condoName: string;
  entries: readonly MenuEntry[];
  profileLinks: readonly MenuEntry[];
  isDesktop: boolean;
  layout: LayoutPreferences;
  onLayoutChange(layout: LayoutPreferences): void;
  onToggleSidebar(): void;
  drawerOpened: boolean;
  onOpenDrawer(): void;
  burgerRef: Ref<HTMLButtonElement>;
  /** The id of what the toggle shows and hides. */
  navId: string;
  trialDays: number | null;
}

export function ShellHeader(props: ShellHeaderProps) {
  const { condoName, entries, isDesktop, layout, drawerOpened, navId } = props;
  const intl = useIntl();
  const [location] = useLocation();
  const sidebarOpen = layout.sidebar !== 'closed';

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {!isDesktop && (
          <Burger
            ref={props.burgerRef}
            opened={drawerOpened}
            onClick={props.onOpenDrawer}
            size="sm"
            aria-label={intl.formatMessage({ id: 'shell.openMenu' })}
            aria-expanded={drawerOpened}
            aria-controls={navId}
          />
        )}
        {isDesktop && layout.navigation === 'side' && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={props.onToggleSidebar}
            disabled={!menuToggleEnabled(location)}
            aria-label={intl.formatMessage({ id: sidebarOpen ? 'shell.hideMenu' : 'shell.showMenu' })}
            aria-expanded={sidebarOpen}
            aria-controls={sidebarOpen ? navId : undefined}
          >
            <ShellIcon name="menu" />
          </ActionIcon>
        )}
        {/* Cut at 20 characters (spec §9), and shrinking with an ellipsis below that: at 390 px the name must
            not run under the search icon (issue 28 #6). */}
        <Title
          order={2}
          size="h4"
          title={condoName}
          style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}
        >
          {truncate(condoName, HEADER_NAME_LIMIT)}
        </Title>
      </Group>
      {isDesktop && layout.navigation === 'top' && (
        <Box component="nav" id={navId} aria-label={intl.formatMessage({ id: 'shell.mainNav' })} style={{ flex: 1, minWidth: 0 }}>
          <TopNav entries={entries} />
        </Box>
      )}
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {isDesktop && props.trialDays !== null && <TrialCountdown days={props.trialDays} />}
        {isDesktop && <LayoutMenu layout={layout} onChange={props.onLayoutChange} />}
        <HeaderSearch isDesktop={isDesktop} />
        <NotificationsPanel />
        <ProfileMenu links={props.profileLinks} />
      </Group>
    </Group>
  );
}
