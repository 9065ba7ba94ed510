// The page a signed-out user asked for travels to the sign-in page in ?returnUrl= and back. Only paths
// of this app are accepted, so the parameter cannot send anyone to another site.
export const RETURN_URL_PARAM = 'returnUrl';
export const HOME_PATH = '/condominio/comunicacion';

export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** On the sign-in page's URL when the server ended the session in use (src/views/common/SignInNotice.tsx). */
export const SESSION_ENDED_PARAM = 'sesion';
export const SESSION_ENDED_VALUE = 'terminada';

export function signInUrlFor(requested: string, options: { ended?: boolean } = {}): string {
  const ended = options.ended ? `&${SESSION_ENDED_PARAM}=${SESSION_ENDED_VALUE}` : '';
  return `/sessions/signin?${RETURN_URL_PARAM}=${encodeURIComponent(requested)}${ended}`;
}
