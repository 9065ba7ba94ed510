// Where the support launcher may stand (spec §9 "Support launcher: size 45 px, minimum distance from screen edge
// 60 px, minimum top 15, default position bottom-right"): its top-left corner in viewport pixels, kept at least
// LAUNCHER_EDGE from the left, right and bottom edges and LAUNCHER_MIN_TOP from the top. Pure: the launcher
// machine clamps with it when the position is loaded, moved and when the window is resized.
import type { LauncherPosition } from '../services/supportLauncherStore';

export const LAUNCHER_SIZE = 45;
export const LAUNCHER_EDGE = 60;
export const LAUNCHER_MIN_TOP = 15;
/** A press that moves less than this is a click, not a drag. */
export const DRAG_THRESHOLD = 4;
/** One arrow key press moves it this far. */
export const NUDGE_STEP = 10;

export interface Viewport {
  width: number;
  height: number;
}

/** The launcher's place inside the limits (the nearest one allowed); a viewport too small keeps it at the minimum. */
export function clampLauncher(position: LauncherPosition, viewport: Viewport): LauncherPosition {
  const maxX = Math.max(LAUNCHER_EDGE, viewport.width - LAUNCHER_EDGE - LAUNCHER_SIZE);
  const maxY = Math.max(LAUNCHER_MIN_TOP, viewport.height - LAUNCHER_EDGE - LAUNCHER_SIZE);
  return {
    x: Math.round(Math.min(Math.max(position.x, LAUNCHER_EDGE), maxX)),
    y: Math.round(Math.min(Math.max(position.y, LAUNCHER_MIN_TOP), maxY)),
  };
}

/** Bottom-right, as near the corner as the limits allow. */
export const defaultLauncherPosition = (viewport: Viewport): LauncherPosition =>
  clampLauncher({ x: Number.POSITIVE_INFINITY, y: Number.POSITIVE_INFINITY }, viewport);
