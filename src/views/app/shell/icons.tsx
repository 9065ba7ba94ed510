// The shell's few line icons, drawn inline (24×24, stroke = currentColor) rather than pulling an icon set.
import type { ReactNode, SVGProps } from 'react';
import type { MenuIcon } from '../../common/menuModel';

function Svg({ children, size = 20, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

type IconProps = { size?: number };

const PATHS: Record<MenuIcon | 'menu' | 'layout' | 'signOut' | 'language' | 'more', ReactNode> = {
  communication: <path d="M8 9h8M8 13h5M18 4a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3h-5l-5 3v-3H6a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3z" />,
  section: <path d="M5 9h14M5 15h14M11 4 7 20M17 4l-4 16" />,
  timeline: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 3" />
    </>
  ),
  adminPanel: <path d="M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7z" />,
  finance: <path d="M3 3v18h18M7 15l4-4 3 3 5-6" />,
  profile: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />
    </>
  ),
  myGuests: (
    <path d="M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4zM14 5v14" />
  ),
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  layout: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16" />
    </>
  ),
  signOut: <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2M9 12h12m-3-3 3 3-3 3" />,
  language: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3.6 9h16.8M3.6 15h16.8M12 3a15 15 0 0 1 0 18M12 3a15 15 0 0 0 0 18" />
    </>
  ),
  more: <path d="M6 9l6 6 6-6" />,
};

export function ShellIcon({ name, size }: IconProps & { name: keyof typeof PATHS }) {
  return <Svg size={size}>{PATHS[name]}</Svg>;
}
