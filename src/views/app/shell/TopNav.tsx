// The menu across the header: at most 4 entries, the rest under 'Más' (spec §2.3, §9).
import '@mantine/core/styles/Menu.css';
import { Button, Group, Menu } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'wouter';
import { activeEntryKey, type MenuEntry, splitTopNav } from '../../common/menuModel';
import { EntryLink } from './entryLink';
import { ShellIcon } from './icons';
import { useEntryName } from './useEntryName';

export function TopNav({ entries }: { entries: readonly MenuEntry[] }) {
  const [location] = useLocation();
  const active = activeEntryKey(entries, location);
  const nameOf = useEntryName();
  const { shown, more } = splitTopNav(entries);
  const moreActive = more.some((entry) => entry.key === active);

  return (
    <Group gap={4} wrap="nowrap" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {shown.map((entry) => {
        const name = nameOf(entry);
        return (
          <li key={entry.key}>
            <Button
              component={EntryLink}
              entry={entry}
              variant={entry.key === active ? 'light' : 'subtle'}
              color={entry.key === active ? undefined : 'gray'}
              aria-current={entry.key === active ? 'page' : undefined}
              aria-label={name.cut ? name.full : undefined}
              title={name.cut ? name.full : undefined}
              leftSection={<ShellIcon name={entry.icon} size={18} />}
            >
              {name.shown}
            </Button>
          </li>
        );
      })}
      {more.length > 0 && (
        <li>
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant={moreActive ? 'light' : 'subtle'}
                color={moreActive ? undefined : 'gray'}
                rightSection={<ShellIcon name="more" size={16} />}
              >
                <FormattedMessage id="shell.more" />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {more.map((entry) => {
                const name = nameOf(entry);
                return (
                  <Menu.Item
                    key={entry.key}
                    component={EntryLink}
                    entry={entry}
                    aria-current={entry.key === active ? 'page' : undefined}
                    aria-label={name.cut ? name.full : undefined}
                    leftSection={<ShellIcon name={entry.icon} size={16} />}
                  >
                    {name.shown}
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
        </li>
      )}
    </Group>
  );
}
