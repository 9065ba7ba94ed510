// The public cards' logic, loaded when the visitor starts using a card rather than with the page: the statecharts,
// the session and the dialogs are about 35 KiB gzip that the page's first load has no room for (issue 29), and most
// visitors only read the page. Like the captcha (publicPageService.solveCaptcha), a library on demand: imported once,
// at the first sign of use, and a failed import is forgotten so that the next use tries again.
import { useCallback, useState } from 'react';

export interface OnDemand<M> {
  /** Starts (or joins) the import. */
  load: () => Promise<M>;
  /** The module, once it has arrived. */
  loaded: () => M | null;
}

export function onDemand<M>(importModule: () => Promise<M>): OnDemand<M> {
  let module: M | null = null;
  let pending: Promise<M> | null = null;
  return {
    load: () => {
      pending ??= importModule().then(
        (arrived) => {
          module = arrived;
          return arrived;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}

export interface OnDemandState<M> {
  module: M | null;
  /** The last import failed (the next request tries again). */
  failed: boolean;
  /** Starts the import, once: a card calls it on every sign of use (focus, a press, a key). */
  request: () => Promise<M>;
}

/** A card's view of its logic: null until the module has arrived, then the module (the card re-renders). */
export function useOnDemand<M>(part: OnDemand<M>): OnDemandState<M> {
  const [module, setModule] = useState<M | null>(part.loaded);
  const [failed, setFailed] = useState(false);
  const request = useCallback(() => {
    if (module) return Promise.resolve(module);
    const pending = part.load();
    setFailed(false);
    pending.then(
      (arrived) => setModule(() => arrived),
      () => setFailed(true),
    );
    return pending;
  }, [part, module]);
  return { module, failed, request };
}
