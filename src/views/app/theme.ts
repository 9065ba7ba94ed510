import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  // Someone whose system asks for less motion gets Mantine's transitions (modals, menus, toasts) without it.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // A badge is one or two words ("PREDETERMINADO", "VENCIDO"): in a row of a table it keeps its width instead of
    // being cut with an ellipsis when the column is narrow (a flex item's automatic minimum is 0 once it hides
    // its overflow, as Mantine's Badge does). Issue 28 #6.
    Badge: { styles: { root: { flexShrink: 0, minWidth: 'max-content' } } },
  },
});
