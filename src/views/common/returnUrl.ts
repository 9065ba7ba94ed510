// The page a signed-out user asked for travels to the sign-in page in ?returnUrl= and back. Only paths
// of this app are accepted, so the parameter cannot send anyone to another site.
export const RETURN_URL_PARAM = 'returnUrl';
export const HOME_PATH = '/condominio/comunicacion';

/** Any origin of our own: the address is read against it, as the browser would read it against the app's. */
const OWN_ORIGIN = 'https://app.invalid';

/**
 * The path to go back to, read the way the browser's URL parser reads an address, or null (the home then).
 * The parser drops tabs and newlines anywhere, and control characters and spaces at either end, before it
 * reads anything; the check used to read the text as written (issue 33: a return URL with a tab or a newline
 * left the user on the sign-in page after signing in). '/\t/evil.example' passed it as a path of ours, and is
 * '//evil.example' to the browser: another site, which history.replaceState refuses. So the text is cleaned as
 * the parser does, resolved, and kept only if it stays on our origin, written as the parser writes it.
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters the URL parser strips.
  const text = value?.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (!text?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(text, OWN_ORIGIN);
  } catch {
    return null;
  }
  return url.origin === OWN_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** On the sign-in page's URL when the server ended the session in use (src/views/common/SignInNotice.tsx). */
export const SESSION_ENDED_PARAM = 'sesion';
export const SESSION_ENDED_VALUE = 'terminada';

export function signInUrlFor(requested: string, options: { ended?: boolean } = {}): string {
  const ended = options.ended ? `&${SESSION_ENDED_PARAM}=${SESSION_ENDED_VALUE}` : '';
  return `/sessions/signin?${RETURN_URL_PARAM}=${encodeURIComponent(requested)}${ended}`;
}
