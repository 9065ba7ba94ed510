// useMergeRefs of @floating-ui/react 0.27 (MIT, https://floating-ui.com), copied as is. Mantine's ScrollArea
// imports only this hook from @floating-ui/react, but that bundle does not tree-shake: every Modal (which
// renders a ScrollArea) would bring about 22 KiB gzip of floating-ui with it. vite.config.ts points that one
// import here; Popover, Tooltip and Menu still use the real package.
import { type Ref, type RefCallback, useCallback, useMemo, useRef } from 'react';

export function useMergeRefs<Instance>(refs: Array<Ref<Instance> | undefined>): RefCallback<Instance> | null {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback((instance: Instance) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const refCallback = ref;
        const refCleanup = refCallback(instance);
        return typeof refCleanup === 'function' ? refCleanup : () => refCallback(null);
      }
      ref.current = instance;
      return () => {
        ref.current = null;
      };
    });
    return () => {
      for (const refCleanup of cleanups) refCleanup?.();
    };
  }, refs);
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value: Instance | null) => {
      if (cleanupRef.current) {
        cleanupRef.current();
        cleanupRef.current = undefined;
      }
      if (value != null) cleanupRef.current = refEffect(value);
    };
  }, refs);
}
