import { useLocalStorage } from '@mantine/hooks';
import { DEFAULT_LAYOUT, LAYOUT_STORAGE_KEY, type LayoutPreferences, parseLayout } from './layoutPreferences';

/** The layout preferences, read from and saved to localStorage (and kept in step across tabs). */
export function useLayoutPreferences() {
  return useLocalStorage<LayoutPreferences>({
    key: LAYOUT_STORAGE_KEY,
    defaultValue: DEFAULT_LAYOUT,
    getInitialValueInEffect: false,
    serialize: (value) => JSON.stringify(value),
    deserialize: (raw) => parseLayout(raw),
  });
}
