// What Mantine's Menu.Sub (a submenu) imports from @floating-ui/react, for the browser build: vite.config.ts
// points MenuSub's import here. Every Menu carries Menu.Sub, and with it @floating-ui/react's interactions (about
// 12 KiB gzip in the signed-in shell, whose menus have no submenu). The app has none:
// tests/unit/mantineSlivers.test.ts fails the day a view uses Menu.Sub, and a submenu rendered anyway says why.
export { useFloating } from '@floating-ui/react-dom';

const leftOut = (name: string) => () => {
  throw new Error(`${name}: Menu.Sub (submenus) is left out of the build, see vite.config.ts (mantineSlivers)`);
};

export const useHover = leftOut('useHover');
export const useInteractions = leftOut('useInteractions');
export const safePolygon = leftOut('safePolygon');
