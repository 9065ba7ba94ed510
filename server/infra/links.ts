// The base of links the server sends out (the password reset e-mail). PUBLIC_URL when it is set, and a
// production server does not start without it (config.ts). Elsewhere the request's protocol and host are
// used, and the host is whatever the client sent: only a host of PUBLIC_BASE_DOMAIN (the domain or one of
// its subdomains) or of this machine (localhost, a loopback address) goes into a link. Any other host gives
// the domain itself when PUBLIC_BASE_DOMAIN is set, and no link at all when it is not.
import type { Config } from '../config';

const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::\d{1,5})?$/;
const LOOPBACK = /^(?:localhost|[a-z0-9.-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

export function appBaseUrl(
  config: Pick<Config, 'publicUrl' | 'publicBaseDomain'>,
  request: { protocol: string; host: string },
): string | null {
  if (config.publicUrl) return config.publicUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const host = request.host.toLowerCase();
  if (!HOST.test(host)) return null;
  const name = host.replace(/:\d+$/, '');
  const domain = config.publicBaseDomain;
  const ofDomain = domain !== null && (name === domain || name.endsWith(`.${domain}`));
  if (ofDomain || LOOPBACK.test(name)) return `${protocol}://${host}`;
  return domain ? `${protocol}://${domain}` : null;
}
