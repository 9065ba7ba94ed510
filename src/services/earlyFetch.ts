// A visitor page's first API call, started before the first render (src/main.tsx via
// src/views/app/routes.tsx) so that it travels beside the translations and the page's chunk instead of after
// them: on a phone that is one round trip less before the guest sees the event. The page's service takes
// the answer once (takeEarly) and reads it as if it had asked itself; a later load asks again.
import { apiPath, http } from './http';

const started = new Map<string, Promise<Response>>();
/** The paths whose answer (or failure) is in. */
const arrived = new Set<string>();

/** Starts GET `path` (a contract path, e.g. GUEST_PATHS.formInfo(token)) unless it is already under way. */
export function fetchEarly(path: string): void {
  if (started.has(path)) return;
  const answer = http.get(apiPath(path));
  // Its failure belongs to whoever takes it; left untaken it must not count as an unhandled rejection.
  const settle = () => {
    if (started.get(path) === answer) arrived.add(path);
  };
  answer.then(settle, settle);
  started.set(path, answer);
}

/** The early answer for `path`, handed out once; undefined when none was started. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const answer = started.get(path);
  started.delete(path);
  arrived.delete(path);
  return answer;
}

/** Whether the early answer for `path` is in, untaken: reading it now waits for no network. */
export function earlyAnswerIn(path: string): boolean {
  return arrived.has(path);
}
