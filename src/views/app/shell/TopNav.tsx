// The menu across the header: at most 4 entries, the rest under 'Más' (spec §2.3, §9), and fewer when 4 do not
// fit the room the header leaves it (issue 28 #1: at 1440 px an administrator's fourth entry ran under the search
// box and 'Más' over their name). The candidates and 'Más' are measured once in a hidden row; the room is
// watched with a ResizeObserver.
import '@mantine/core/styles/Menu.css';
import { Button, Group, Menu } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'wouter';
import { activeEntryKey, type MenuEntry, splitTopNav, TOP_NAV_VISIBLE_ITEMS } from '../../common/menuModel';
import { EntryLink } from './entryLink';
import { ShellIcon } from './icons';
import { useEntryName } from './useEntryName';

const GAP = 4;

/** How many of the candidates fit `room` (px), leaving room for 'Más' when any entry goes under it. */
export function entriesThatFit(widths: readonly number[], moreWidth: number, total: number, room: number): number {
  for (let count = widths.length; count > 0; count--) {
    const used = widths.slice(0, count).reduce((sum, width) => sum + width + GAP, 0) + (count < total ? moreWidth : 0);
    if (used <= room) return count;
  }
  return 0;
}

function EntryButton({ entry, active, tabbable = true }: { entry: MenuEntry; active: string | null; tabbable?: boolean }) {
  const nameOf = useEntryName();
  const name = nameOf(entry);
  return (
    <Button
      component={EntryLink}
      entry={entry}
      variant={entry.key === active ? 'light' : 'subtle'}
      color={entry.key === active ? undefined : 'gray'}
      aria-current={entry.key === active ? 'page' : undefined}
      aria-label={name.cut ? name.full : undefined}
      title={name.cut ? name.full : undefined}
      leftSection={<ShellIcon name={entry.icon} size={18} />}
      tabIndex={tabbable ? undefined : -1}
    >
      {name.shown}
    </Button>
  );
}

export function TopNav({ entries }: { entries: readonly MenuEntry[] }) {
  const [location] = useLocation();
  const active = activeEntryKey(entries, location);
  const nameOf = useEntryName();
  const candidates = entries.slice(0, TOP_NAV_VISIBLE_ITEMS);
  const room = useRef<HTMLDivElement>(null);
  const measures = useRef<HTMLUListElement>(null);
  const [fitting, setFitting] = useState(TOP_NAV_VISIBLE_ITEMS);

  useLayoutEffect(() => {
    const box = room.current;
    const row = measures.current;
    if (!box || !row || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const widths = [...row.children].map((item) => (item as HTMLElement).offsetWidth);
      const moreWidth = widths.pop() ?? 0;
      // Nothing laid out (a test's DOM): keep the rule's four.
      if (box.clientWidth === 0) return setFitting(TOP_NAV_VISIBLE_ITEMS);
      setFitting(entriesThatFit(widths, moreWidth + GAP, entries.length, box.clientWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [entries.length]);

  const { shown, more } = splitTopNav(entries, Math.min(fitting, TOP_NAV_VISIBLE_ITEMS));
  const moreActive = more.some((entry) => entry.key === active);

  return (
    <div ref={room} style={{ position: 'relative', minWidth: 0, overflow: 'hidden' }}>
      {/* The candidates and 'Más' at their natural width, out of sight and out of reach, to measure. */}
      <ul
        ref={measures}
        aria-hidden
        style={{
          display: 'flex',
          gap: GAP,
          margin: 0,
          padding: 0,
          listStyle: 'none',
          position: 'absolute',
          visibility: 'hidden',
          pointerEvents: 'none',
          height: 0,
          whiteSpace: 'nowrap',
        }}
      >
        {candidates.map((entry) => (
          <li key={entry.key}>
            <EntryButton entry={entry} active={active} tabbable={false} />
          </li>
        ))}
        <li>
          <Button variant="subtle" tabIndex={-1} rightSection={<ShellIcon name="more" size={16} />}>
            <FormattedMessage id="shell.more" />
          </Button>
        </li>
      </ul>
      <Group gap={GAP} wrap="nowrap" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((entry) => (
          <li key={entry.key}>
            <EntryButton entry={entry} active={active} />
          </li>
        ))}
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
    </div>
  );
}
