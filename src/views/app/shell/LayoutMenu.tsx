// Where the menu goes (side or top) and the sidebar's style, remembered in this browser (spec §2.3).
import '@mantine/core/styles/Menu.css';
import { ActionIcon, Menu } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { ShellIcon } from './icons';
import {
  chooseNavigation,
  chooseSidebarStyle,
  type LayoutPreferences,
  NAVIGATION_POSITIONS,
  SIDEBAR_STYLES,
  type SidebarStyle,
} from './layoutPreferences';

const POSITION_NAMES = { side: 'shell.navigationSide', top: 'shell.navigationTop' } as const;
const STYLE_NAMES = {
  full: 'shell.sidebarFull',
  compact: 'shell.sidebarCompact',
  'compact-big': 'shell.sidebarCompactBig',
  closed: 'shell.sidebarClosed',
} as const;

const isStyle = (value: string): value is SidebarStyle => SIDEBAR_STYLES.includes(value as SidebarStyle);

interface LayoutMenuProps {
  layout: LayoutPreferences;
  onChange(layout: LayoutPreferences): void;
}

export function LayoutMenu({ layout, onChange }: LayoutMenuProps) {
  const intl = useIntl();
  return (
    <Menu position="bottom-end" withinPortal width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={intl.formatMessage({ id: 'shell.layoutMenu' })}>
          <ShellIcon name="layout" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <FormattedMessage id="shell.navigationPosition" />
        </Menu.Label>
        <Menu.RadioGroup
          value={layout.navigation}
          onChange={(value) =>
            value !== layout.navigation && onChange(chooseNavigation(layout, value === 'top' ? 'top' : 'side'))
          }
        >
          {NAVIGATION_POSITIONS.map((position) => (
            <Menu.RadioItem key={position} value={position}>
              <FormattedMessage id={POSITION_NAMES[position]} />
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        {layout.navigation === 'side' && (
          <>
            <Menu.Divider />
            <Menu.Label>
              <FormattedMessage id="shell.sidebarStyle" />
            </Menu.Label>
            <Menu.RadioGroup
              value={layout.sidebar}
              onChange={(value) => isStyle(value) && onChange(chooseSidebarStyle(layout, value))}
            >
              {SIDEBAR_STYLES.map((style) => (
                <Menu.RadioItem key={style} value={style}>
                  <FormattedMessage id={STYLE_NAMES[style]} />
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
