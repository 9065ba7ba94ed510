// Which push services a browser's subscription may name (WEB_PUSH_ENDPOINTS, server/config.ts): the server posts to
// whatever endpoint is stored, so an endpoint outside the list (an address inside the network, another site) is
// refused when subscribing, and checked again before each push.

/** A host name entry allows it and its sub-domains over https; an origin entry allows exactly that origin. */
export function endpointAllowed(endpoint: string, entries: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  return entries.some((entry) =>
    entry.includes('://')
      ? url.origin === entry
      : url.protocol === 'https:' && url.port === '' && (host === entry || host.endsWith(`.${entry}`)),
  );
}

/** The push service's host: what logs name instead of the endpoint, a capability that must not be written down. */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'unknown';
  }
}
