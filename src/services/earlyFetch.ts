// A visitor page's first API call, started before the first render (src/main.tsx via
// src/views/app/routes.tsx) so that it travels beside the translations and the page's chunk instead of after
// them: on a phone that is one round trip less before the guest sees the event. The page's service takes
// the answer once (takeEarly) and reads it as if it had asked itself; a later load asks again.
//
// A page the server painted (server/infra/firstPaint.ts) carries that answer in its HTML, as the server's
// own API gave it: the call is then not made at all, and the first render shows what the HTML showed.
import { PAGE_ANSWERS_ID } from '../api/visitorPaths';
import { apiPath, http } from './http';

const started = new Map<string, Promise<Response>>();
/** The paths whose answer (or failure) is in. */
const arrived = new Set<string>();

let pageAnswers: Map<string, unknown> | null = null;

/** The answers the page came with, read once from its HTML (none outside a browser, or on a page without them). */
function answersInPage(): Map<string, unknown> {
  if (pageAnswers) return pageAnswers;
  pageAnswers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ID);
  if (element?.textContent) {
    try {
      pageAnswers = new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
    } catch {
      // Unreadable: the page asks the API as if it had come without them.
    }
  }
  return pageAnswers;
}

/**
 * The answers a page comes with, given directly: the server's paint of the page (src/views/app/firstPaint.tsx)
 * renders it through the same services, with no document to read them from.
 */
export function providePageAnswers(answers: Record<string, unknown>): void {
  pageAnswers = new Map(Object.entries(answers));
}

/** Starts GET `path` (a contract path, e.g. GUEST_PATHS.formInfo(token)) unless it is already under way. */
export function fetchEarly(path: string): void {
  if (started.has(path)) return;
  const inPage = answersInPage();
  if (inPage.has(path)) {
    // Handed out once, like an answer from the network; a later load asks the API.
    const body = JSON.stringify(inPage.get(path));
    inPage.delete(path);
    started.set(path, Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })));
    arrived.add(path);
    return;
  }
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
