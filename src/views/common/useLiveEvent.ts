// A screen's ear on the live channel (issue 30): `handler` runs for each event of the given kinds that reaches this
// tab, and with no event when everything should be read again (a resync). Screens send their machine a 'refresh'
// (or 'reload') from it; what to read again, and whether the reader may, stays their machine's and the server's.
import { useEffect, useRef } from 'react';
import type { LiveEventOf, LiveEventType } from '../../api/live';
import { subscribeLive } from '../../services/liveService';

export function useLiveEvent<T extends LiveEventType>(
  types: T | readonly T[],
  handler: (event?: LiveEventOf<T>) => void,
  /** false: not listening (the screen is not showing what the events are about). */
  enabled = true,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const key = (typeof types === 'string' ? [types] : [...types]).join(',');
  useEffect(() => {
    if (!enabled) return;
    return subscribeLive(key.split(',') as LiveEventType[], (event) => latest.current(event as LiveEventOf<T> | undefined));
  }, [key, enabled]);
}
