// The few line icons of the messages screen, drawn inline like the shell's (24×24, stroke = currentColor):
// the project carries no icon set. Always decorative: the words beside them say the same.
import type { ReactNode } from 'react';

const PATHS = {
  /** Sent: one tick. */
  sent: <path d="M5 12l5 5L20 7" />,
  /** Read: two ticks. */
  read: <path d="M2 12l5 5L17 7M12 16l1 1L23 7" />,
  dots: <path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} />,
  back: <path d="M5 12h14M5 12l6 6M5 12l6-6" />,
  photo: (
    <path d="M15 8h.01M12 20H7a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3h10a3 3 0 0 1 3 3v5M4 15l4-4c.9-.9 2.1-.9 3 0l4 4M14 14l1-1c.7-.7 1.6-.8 2.4-.3M16 19h6M19 16v6" />
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  send: <path d="M10 14L21 3M21 3l-6.5 18a.55.55 0 0 1-1 0L10 14l-7-3.5a.55.55 0 0 1 0-1z" />,
} satisfies Record<string, ReactNode>;

export function MessageIcon({ name, size = 16 }: { name: keyof typeof PATHS; size?: number }) {
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
