// The icons of the poll screens, from @tabler/icons-react (tree-shaken: only these reach the polls chunk).
// Always decorative: the words beside them say the same.
import {
  IconArrowDown,
  IconArrowUp,
  IconCheck,
  IconCopy,
  IconDownload,
  IconLock,
  IconPlus,
  IconSend,
  IconX,
} from '@tabler/icons-react';

const ICONS = {
  ballot: IconSend,
  check: IconCheck,
  copy: IconCopy,
  download: IconDownload,
  up: IconArrowUp,
  down: IconArrowDown,
  remove: IconX,
  plus: IconPlus,
  lock: IconLock,
} as const;

export function PollIcon({ name, size = 16 }: { name: keyof typeof ICONS; size?: number }) {
  const Icon = ICONS[name];
  return <Icon size={size} stroke={1.8} aria-hidden="true" focusable="false" />;
}
