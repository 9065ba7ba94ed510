// A visitor page's first API call, started before the first render (src/main.tsx via
// src/views/routes.tsx) so that it travels beside the translations and the page's chunk instead of after
// them: on a phone that is one round trip less before the guest sees the event. The page's service takes
// the answer once (takeEarly) and reads it as if it had asked itself; a later load asks again.
import { apiPath, http } from './http';

const started = new Map<string, Promise<Response>>();

/** Starts GET `path` (a contract path, e.g. GUEST_PATHS.formInfo(token)) unless it is already under way. */
export function fetchEarly(path: string): void {
  if (started.has(path)) return;
  const answer = http.get(apiPath(path));
  // Its failure belongs to whoever takes it; left untaken it must not count as an unhandled rejection.
  answer.catch(() => undefined);
  started.set(path, answer);
}

/** The early answer for `path`, handed out once; undefined when none was started. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const answer = started.get(path);
  started.delete(path);
  return answer;
}
