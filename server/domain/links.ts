// The base of links the server sends out (the password reset e-mail). PUBLIC_URL when it is set. Without
// it the request's protocol and host are used, which a client controls: a host outside PUBLIC_BASE_DOMAIN
// (when that is set) is replaced by the domain itself, and a host that is not a host name gives no link.
import type { Config } from '../config';

const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::\d{1,5})?$/;

export function appBaseUrl(
  config: Pick<Config, 'publicUrl' | 'publicBaseDomain'>,
  request: { protocol: string; host: string },
): string | null {
  if (config.publicUrl) return config.publicUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const host = request.host.toLowerCase();
  if (!HOST.test(host)) return null;
  const domain = config.publicBaseDomain;
  if (domain) {
    const name = host.replace(/:\d+$/, '');
    if (name !== domain && !name.endsWith(`.${domain}`)) return `${protocol}://${domain}`;
  }
  return `${protocol}://${host}`;
}
