// The icons of the messages screen, from @tabler/icons-react (tree-shaken: only these reach its chunk).
// Always decorative: the words beside them say the same.
import { IconArrowLeft, IconCheck, IconChecks, IconDots, IconPhotoPlus, IconPlus, IconSend } from '@tabler/icons-react';

const ICONS = {
  /** Sent: one tick. */
  sent: IconCheck,
  /** Read: two ticks. */
  read: IconChecks,
  dots: IconDots,
  back: IconArrowLeft,
  photo: IconPhotoPlus,
  plus: IconPlus,
  send: IconSend,
} as const;

export function MessageIcon({ name, size = 16 }: { name: keyof typeof ICONS; size?: number }) {
  const Icon = ICONS[name];
  return <Icon size={size} stroke={1.8} aria-hidden="true" focusable="false" />;
}
