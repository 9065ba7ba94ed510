// The menu's drawer on phones (CondoShell.tsx), in a chunk of its own: the drawer (Mantine's Drawer with its
// scroll lock, focus trap and overlay) comes right after the shell shows, never before it.
import '@mantine/core/styles/Drawer.css';
import { Drawer, type DrawerProps } from '@mantine/core';

export default function NavDrawer(props: DrawerProps) {
  return <Drawer {...props} />;
}
