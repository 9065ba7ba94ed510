// The page a signed-out user asked for travels to the sign-in page in ?returnUrl= and back. Only paths
// of this app are accepted, so the parameter cannot send anyone to another site.
export const RETURN_URL_PARAM = 'returnUrl';
export const HOME_PATH = '/condominio/comunicacion';

export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function signInUrlFor(requested: string): string {
  return `/sessions/signin?${RETURN_URL_PARAM}=${encodeURIComponent(requested)}`;
}
