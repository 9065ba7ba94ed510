// REDIS_URL → where to connect and how to introduce ourselves:
// redis://[[username]:password@]host[:port][/database]. TLS (rediss://) is not supported: the client speaks
// plain TCP, meant for a Redis on the same private network as the app servers.

export interface RedisAddress {
  host: string;
  port: number;
  /** AUTH with a password alone (requirepass) or, with a username, as that ACL user. */
  username: string | null;
  password: string | null;
  /** SELECT this logical database after connecting. */
  database: number;
}

export class RedisUrlError extends Error {}

export function parseRedisUrl(raw: string): RedisAddress {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RedisUrlError('is not a valid URL');
  }
  if (url.protocol === 'rediss:') throw new RedisUrlError('rediss:// (TLS) is not supported; use redis://');
  if (url.protocol !== 'redis:') throw new RedisUrlError('must start with redis://');
  if (!url.hostname) throw new RedisUrlError('must name a host');
  if (url.search || url.hash) throw new RedisUrlError('must not have a query or a fragment');
  const path = url.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d{1,5}$/.test(path)) throw new RedisUrlError('the path must be a database number, e.g. /0');
  return {
    // An IPv6 literal comes bracketed ("[::1]"); net.connect wants it bare.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : 6379,
    username: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
    database: path === '' ? 0 : Number(path),
  };
}
