// REDIS_URL → where to connect and how to introduce ourselves:
// redis[s]://[[username]:password@]host[:port][/database]. rediss:// is Redis over TLS (a managed Redis, or
// one across networks); the server's certificate is checked against the system's CAs (NODE_EXTRA_CA_CERTS
// adds one) and the host name.

export interface RedisAddress {
  host: string;
  port: number;
  /** AUTH with a password alone (requirepass) or, with a username, as that ACL user. */
  username: string | null;
  password: string | null;
  /** SELECT this logical database after connecting. */
  database: number;
  /** rediss://: TLS, verifying the server's certificate for `host`. */
  tls: boolean;
}

export class RedisUrlError extends Error {}

export function parseRedisUrl(raw: string): RedisAddress {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RedisUrlError('is not a valid URL');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new RedisUrlError('must start with redis:// or rediss://');
  if (!url.hostname) throw new RedisUrlError('must name a host');
  if (url.search || url.hash) throw new RedisUrlError('must not have a query or a fragment');
  const path = url.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d{1,5}$/.test(path)) throw new RedisUrlError('the path must be a database number, e.g. /0');
  return {
    // An IPv6 literal comes bracketed ("[::1]"); net.connect and tls.connect want it bare.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : 6379,
    username: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
    database: path === '' ? 0 : Number(path),
    tls: url.protocol === 'rediss:',
  };
}
