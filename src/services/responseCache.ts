// The response cache of spec §7: answers of allow-listed endpoints are kept per method + URL + body; a
// body whose serialized form exceeds 1000 characters is left out of the key. Cleared when the session
// token changes (spec §4) or the user signs out.

/** Path patterns under /api whose GET/POST answers may be reused; ":name" matches one path segment. */
export const CACHE_ALLOW_LIST: readonly string[] = [
  '/--pagina-publica/condo/:id',
  '/--pagina-publica/CondoXid/:subdomain',
  '/--reportes/torres-list',
  '/--financiero/obtainDateMovs',
];

/** Bodies longer than this are not part of the key (spec §7, §9). */
export const CACHE_BODY_LIMIT = 1000;

/** How long an answer is reused. The spec sets no limit; five minutes keeps lists fresh enough. */
export const CACHE_TTL_MS = 5 * 60_000;

function toRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`);
}

export function isCacheable(path: string, allowList: readonly string[] = CACHE_ALLOW_LIST): boolean {
  return allowList.some((pattern) => toRegExp(pattern).test(path));
}

export function cacheKey(method: string, url: string, body: string | null): string {
  const keptBody = body !== null && body.length <= CACHE_BODY_LIMIT ? body : '';
  return `${method.toUpperCase()} ${url} ${keptBody}`;
}

interface Entry {
  status: number;
  headers: [string, string][];
  body: string;
  storedAt: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = CACHE_TTL_MS,
  ) {}

  get(key: string): Response | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(key);
      return null;
    }
    return new Response(entry.body, { status: entry.status, headers: entry.headers });
  }

  async put(key: string, response: Response): Promise<void> {
    const body = await response.clone().text();
    this.entries.set(key, { status: response.status, headers: [...response.headers.entries()], body, storedAt: this.now() });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The one cache of the app. */
export const responseCache = new ResponseCache();
