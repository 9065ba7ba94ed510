// The few line icons of the poll screens, drawn inline like the other screens' (24×24, stroke = currentColor):
// the project carries no icon set. Always decorative: the words beside them say the same.
import type { ReactNode } from 'react';

const PATHS = {
  /** A ballot box. */
  ballot: <path d="M4 13h16v7H4zM8 13V5h8v8M10 9l1.5 1.5L14 8" />,
  check: <path d="M5 12l5 5L20 7" />,
  copy: <path d="M9 9h11v11H9zM5 15H4V4h11v1" />,
  download: <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />,
  up: <path d="M12 19V5M6 11l6-6 6 6" />,
  down: <path d="M12 5v14M6 13l6 6 6-6" />,
  remove: <path d="M6 6l12 12M18 6L6 18" />,
  plus: <path d="M12 5v14M5 12h14" />,
  lock: <path d="M6 11h12v9H6zM8 11V8a4 4 0 0 1 8 0v3" />,
} satisfies Record<string, ReactNode>;

export function PollIcon({ name, size = 16 }: { name: keyof typeof PATHS; size?: number }) {
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
    >
      {PATHS[name]}
    </svg>
  );
}
