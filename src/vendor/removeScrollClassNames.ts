// What Mantine's AppShell header, footer and aside import from react-remove-scroll: two class names, whose package
// (the scroll lock of modals and drawers, about 4 KiB gzip) would otherwise come with the signed-in shell.
// vite.config.ts points those three imports here; Modal and Drawer keep the real package. The names are the
// package's own constants.
import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };
