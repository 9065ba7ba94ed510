// The menu as a vertical list, in the sidebar's styles: full (icon and name), compact (icon, name in a
// tooltip) and compact-big (icon over a short name). The drawer on phones uses the full style.
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Badge.css';
import { Badge, NavLink, Tooltip } from '@mantine/core';
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

  return (
    <ul className={classes.navList}>
      {entries.map((entry) => {
        const name = nameOf(entry);
        const waiting = badges[entry.key];
        const badge = waiting?.count;
        // The count is part of the link's name for screen readers ("Vecinos, 2 mensajes sin leer").
        const unread = waiting ? intl.formatMessage({ id: waiting.id }, { count: waiting.count }) : null;
        const isActive = entry.key === active;
        const current = isActive ? ('page' as const) : undefined;
        if (variant === 'full') {
          return (
            <li key={entry.key}>
              <NavLink
                component={EntryLink}
                entry={entry}
                className={classes.navLink}
                active={isActive}
                aria-current={current}
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
          );
        }
        return (
          <li key={entry.key}>
            <Tooltip label={name.full} position="right" withArrow disabled={variant === 'compact-big' && !name.cut}>
              <EntryLink
                entry={entry}
                className={classes.compactItem}
                data-active={isActive || undefined}
                aria-current={current}
                aria-label={unread ? `${name.full}, ${unread}` : variant === 'compact' || name.cut ? name.full : undefined}
              >
                <ShellIcon name={entry.icon} size={variant === 'compact' ? 22 : 20} />
                {badge ? (
                  <Badge size="xs" color="red" circle aria-hidden className={classes.compactBadge}>
                    {badge}
                  </Badge>
                ) : null}
                {variant === 'compact-big' && <span className={classes.compactLabel}>{name.shown}</span>}
              </EntryLink>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
