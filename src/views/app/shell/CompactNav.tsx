// The sidebar's compact styles (SideNav.tsx): compact (icon, the name in a tooltip) and compact-big (icon over a
// short name, the full one in a tooltip when cut). A chunk of its own: the default style needs no tooltip.
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Tooltip } from '@mantine/core';
import { EntryLink } from './entryLink';
import { ShellIcon } from './icons';
import type { OpenSidebarStyle } from './layoutPreferences';
import type { NavItem } from './SideNav';
import classes from './shell.module.css';

export default function CompactNav({ items, variant }: { items: NavItem[]; variant: Exclude<OpenSidebarStyle, 'full'> }) {
  return (
    <ul className={classes.navList}>
      {items.map(({ entry, name, unread, badge, isActive }) => (
        <li key={entry.key}>
          <Tooltip label={name.full} position="right" withArrow disabled={variant === 'compact-big' && !name.cut}>
            <EntryLink
              entry={entry}
              className={classes.compactItem}
              data-active={isActive || undefined}
              aria-current={isActive ? 'page' : undefined}
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
      ))}
    </ul>
  );
}
