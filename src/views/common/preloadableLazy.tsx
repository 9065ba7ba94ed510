// React.lazy suspends on a component's first render even when its chunk is already in memory, and React 19
// holds a suspended boundary's content back for up to 300 ms after its fallback showed (its fallback
// throttle). For a chunk we fetched before it was needed (a visitor route, the guest form) that is 300 ms of
// spinner for nothing: this lazy component renders the module directly once it has arrived, and falls back
// to React.lazy (and its Suspense) only while it has not.
import { type ComponentProps, type ComponentType, createElement, lazy, startTransition, useEffect, useState } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes it.
type AnyComponent = ComponentType<any>;

export interface PreloadableLazy<C extends AnyComponent> {
  Component: ComponentType<ComponentProps<C>>;
  /** Starts (or joins) the download; the promise settles when the module has arrived. */
  preload: () => Promise<unknown>;
  /** Whether the module is in memory (Component then renders it without suspending). */
  isLoaded: () => boolean;
}

export function preloadableLazy<C extends AnyComponent>(load: () => Promise<{ default: C }>): PreloadableLazy<C> {
  let loaded: C | null = null;
  let pending: Promise<{ default: C }> | null = null;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed download may be tried again (React.lazy's own call shows the failure).
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function PreloadedOrLazy(props: ComponentProps<C>) {
    // Chosen once per mounted instance: switching from Lazy to the module later would remount the page.
    const [Component] = useState<AnyComponent>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return { Component: PreloadedOrLazy, preload, isLoaded: () => loaded !== null };
}

/**
 * Starts the download once `wanted` and re-renders when the module has arrived, or failed (rendering the
 * Component then lets React.lazy try again and show the failure): the caller shows its own placeholder
 * meanwhile instead of a Suspense fallback, which React would hold for up to 300 ms once the module is in.
 */
export function useArrived(module: PreloadableLazy<AnyComponent>, wanted: boolean): boolean {
  const [arrived, setArrived] = useState(module.isLoaded);
  useEffect(() => {
    if (!wanted || arrived) return;
    let current = true;
    // A transition: the module's first render is time-sliced rather than one long task.
    const settle = () => {
      if (current) startTransition(() => setArrived(true));
    };
    module.preload().then(settle, settle);
    return () => {
      current = false;
    };
  }, [module, wanted, arrived]);
  return arrived;
}
