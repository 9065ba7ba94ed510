// Where the support launcher was left (spec §3.1 "Floating launcher position (x, y) is stored locally"): this
// browser's localStorage, read when the shell opens and written when a drag or an arrow key moves it. Storage
// refused or holding something else: no position (the launcher goes to its default corner).
export const LAUNCHER_POSITION_KEY = 'support-launcher-position';

export interface LauncherPosition {
  x: number;
  y: number;
}

export function readLauncherPosition(): LauncherPosition | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(LAUNCHER_POSITION_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { x, y } = value as Record<string, unknown>;
    return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
  } catch {
    return null;
  }
}

export function saveLauncherPosition(position: LauncherPosition): void {
  try {
    window.localStorage.setItem(LAUNCHER_POSITION_KEY, JSON.stringify({ x: Math.round(position.x), y: Math.round(position.y) }));
  } catch {
    // Storage refused (private mode, full): the launcher stays where it is for this page only.
  }
}
