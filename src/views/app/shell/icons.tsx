// The shell's icons, from @tabler/icons-react (tree-shaken: only these reach the shell's chunk). Always
// decorative: the menu's words say the same.
import {
  IconChartLine,
  IconChevronDown,
  IconClockHour4,
  IconCoin,
  IconDeviceTablet,
  IconDoorEnter,
  IconHash,
  IconLanguage,
  IconLayoutSidebar,
  IconLogout,
  IconMenu2,
  IconMessageCircle,
  IconPackage,
  IconShieldCheck,
  IconTicket,
  IconUserCircle,
} from '@tabler/icons-react';
import type { MenuIcon } from '../../common/menuModel';

const ICONS = {
  communication: IconMessageCircle,
  section: IconHash,
  timeline: IconClockHour4,
  adminPanel: IconShieldCheck,
  finance: IconChartLine,
  money: IconCoin,
  profile: IconUserCircle,
  myGuests: IconTicket,
  gate: IconDoorEnter,
  parcels: IconPackage,
  devices: IconDeviceTablet,
  menu: IconMenu2,
  layout: IconLayoutSidebar,
  signOut: IconLogout,
  language: IconLanguage,
  more: IconChevronDown,
} satisfies Record<MenuIcon | 'menu' | 'layout' | 'signOut' | 'language' | 'more', unknown>;

export function ShellIcon({ name, size = 20 }: { name: keyof typeof ICONS; size?: number }) {
  const Icon = ICONS[name];
  return <Icon size={size} stroke={1.8} aria-hidden="true" focusable="false" />;
}
