// The menu as a vertical list, in the sidebar's styles: full (icon and name), compact (icon, name in a
// tooltip) and compact-big (icon over a short name). The drawer on phones uses the full style.
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Badge.css';
import { Badge, NavLink } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { canManageFacilities } from '../../../api/permissions';
import { useMenuBadges } from '../../common/homeCounts';
import { activeEntryKey, type MenuEntry } from '../../common/menuModel';
import { SessionContext } from '../../common/SessionContext';
import { EntryLink } from './entryLink';
import { ShellIcon } from './icons';
import type { OpenSidebarStyle } from './layoutPreferences';
import classes from './shell.module.css';
import { useEntryName } from './useEntryName';

/** The compact styles, with their tooltips (Mantine's Tooltip and its positioning), only for who chose one. */
const CompactNav = lazy(() => import('./CompactNav'));

/** One entry as both styles show it. */
export interface NavItem {
  entry: MenuEntry;
  name: ReturnType<ReturnType<typeof useEntryName>>;
  /** The unread count's words ("2 mensajes sin leer"), part of the link's name; null without one. */
  unread: string | null;
  badge: number | undefined;
  isActive: boolean;
}

interface SideNavProps {
  entries: readonly MenuEntry[];
  variant: OpenSidebarStyle;
}

export function SideNav({ entries, variant }: SideNavProps) {
  const [location] = useLocation();
  const active = activeEntryKey(entries, location);
  const nameOf = useEntryName();
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  const badges = useMenuBadges(entries, data ? canManageFacilities(data) : false);
  const items: NavItem[] = entries.map((entry) => {
    const waiting = badges[entry.key];
    return {
      entry,
      name: nameOf(entry),
      // The count is part of the link's name for screen readers ("Vecinos, 2 mensajes sin leer").
      unread: waiting ? intl.formatMessage({ id: waiting.id }, { count: waiting.count }) : null,
      badge: waiting?.count,
      isActive: entry.key === active,
    };
  });

  if (variant !== 'full') {
    return (
      <Suspense fallback={null}>
        <CompactNav items={items} variant={variant} />
      </Suspense>
    );
  }
  return (
    <ul className={classes.navList}>
      {items.map(({ entry, name, unread, badge, isActive }) => (
        <li key={entry.key}>
          <NavLink
            component={EntryLink}
            entry={entry}
            className={classes.navLink}
            active={isActive}
            aria-current={isActive ? 'page' : undefined}
            aria-label={unread ? `${name.full}, ${unread}` : name.cut ? name.full : undefined}
            title={name.cut ? name.full : undefined}
            label={name.shown}
            leftSection={<ShellIcon name={entry.icon} size={entry.depth ? 16 : 20} />}
            rightSection={
              badge ? (
                <Badge size="sm" color="red" circle aria-hidden>
                  {badge}
                </Badge>
              ) : undefined
            }
            pl={entry.depth ? 'xl' : 'sm'}
          />
        </li>
      ))}
    </ul>
  );
}
