// How the user arranges the shell (spec §2.3): the sidebar's style and the navigation's position, kept
// in this browser's storage.
export const SIDEBAR_STYLES = ['full', 'compact', 'compact-big', 'closed'] as const;
export type SidebarStyle = (typeof SIDEBAR_STYLES)[number];
export type OpenSidebarStyle = Exclude<SidebarStyle, 'closed'>;

export const NAVIGATION_POSITIONS = ['side', 'top'] as const;
export type NavigationPosition = (typeof NAVIGATION_POSITIONS)[number];

export interface LayoutPreferences {
  sidebar: SidebarStyle;
  /** The style the menu toggle reopens the sidebar with. */
  lastOpen: OpenSidebarStyle;
  navigation: NavigationPosition;
}

export const DEFAULT_LAYOUT: LayoutPreferences = { sidebar: 'full', lastOpen: 'full', navigation: 'side' };

/** Where the preferences are kept (localStorage). */
export const LAYOUT_STORAGE_KEY = 'condo-shell-layout';

/** Sidebar width in px for each open style. */
export const SIDEBAR_WIDTH: Record<OpenSidebarStyle, number> = { full: 272, compact: 72, 'compact-big': 112 };

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** Reads stored preferences, keeping the defaults for anything missing or unknown. */
export function parseLayout(raw: string | null | undefined): LayoutPreferences {
  let stored: Partial<Record<keyof LayoutPreferences, unknown>> = {};
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (value && typeof value === 'object') stored = value;
  } catch {
    // Unreadable: the defaults.
  }
  const sidebar = oneOf(SIDEBAR_STYLES, stored.sidebar, DEFAULT_LAYOUT.sidebar);
  const openStyles = SIDEBAR_STYLES.filter((style): style is OpenSidebarStyle => style !== 'closed');
  return {
    sidebar,
    lastOpen: sidebar === 'closed' ? oneOf(openStyles, stored.lastOpen, DEFAULT_LAYOUT.lastOpen) : sidebar,
    navigation: oneOf(NAVIGATION_POSITIONS, stored.navigation, DEFAULT_LAYOUT.navigation),
  };
}

/** The menu toggle: closes an open sidebar, reopens a closed one with the style it had. */
export function toggleSidebar(layout: LayoutPreferences): LayoutPreferences {
  return { ...layout, sidebar: layout.sidebar === 'closed' ? layout.lastOpen : 'closed' };
}

export function chooseSidebarStyle(layout: LayoutPreferences, sidebar: SidebarStyle): LayoutPreferences {
  return { ...layout, sidebar, lastOpen: sidebar === 'closed' ? layout.lastOpen : sidebar };
}

export function chooseNavigation(layout: LayoutPreferences, navigation: NavigationPosition): LayoutPreferences {
  return { ...layout, navigation };
}
