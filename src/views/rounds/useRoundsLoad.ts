// A read the rounds' screens show (the rounds to walk, the panel, the checkpoints and plans): loading, the answer or
// the failure, and `reload`. A read with nothing to decide: no machine, as the layering allows for plain reads.
import { useCallback, useEffect, useState } from 'react';
import { type CallFailure, callFailure } from '../../machines/shared/callFailure';

export interface Loaded<T> {
  data: T | null;
  failure: CallFailure | null;
  loading: boolean;
  reload(): void;
}

export function useRoundsLoad<T>(read: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; failure: CallFailure | null; loading: boolean }>({
    data: null,
    failure: null,
    loading: true,
  });
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    read(controller.signal).then(
      (data) => setState({ data, failure: null, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, failure: callFailure(error), loading: false }));
      },
    );
    return () => controller.abort();
  }, [turn]);
  const reload = useCallback(() => setTurn((n) => n + 1), []);
  return { ...state, reload };
}
