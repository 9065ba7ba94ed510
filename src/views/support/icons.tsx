// The support screens' icons, from @tabler/icons-react (tree-shaken: only these reach the chunks). Always
// decorative: the words beside them say the same.
import {
  IconArrowLeft,
  IconCheck,
  IconChecks,
  IconFileTypePdf,
  IconHeadset,
  IconLogout,
  IconMessageCircle,
  IconPaperclip,
  IconSend,
  IconX,
} from '@tabler/icons-react';

const ICONS = {
  support: IconHeadset,
  chat: IconMessageCircle,
  sent: IconCheck,
  read: IconChecks,
  pdf: IconFileTypePdf,
  attach: IconPaperclip,
  send: IconSend,
  back: IconArrowLeft,
  close: IconX,
  signOut: IconLogout,
} as const;

export type SupportIconName = keyof typeof ICONS;

export function SupportIcon({ name, size = 16 }: { name: SupportIconName; size?: number }) {
  const Icon = ICONS[name];
  return <Icon size={size} stroke={1.8} aria-hidden="true" focusable="false" />;
}
