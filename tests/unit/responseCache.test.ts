// Spec §7 caching: allow-list with :param patterns, key = method + URL + body, body left out over 1000.
import { describe, expect, it } from 'vitest';
import { CACHE_BODY_LIMIT, cacheKey, isCacheable, ResponseCache } from '../../src/services/responseCache';

describe('isCacheable', () => {
  const allow = ['/--comunicacion/get-single-section/:sectionId', '/--reportes/torres-list'];
  it('matches :param as exactly one path segment', () => {
    expect(isCacheable('/--comunicacion/get-single-section/12', allow)).toBe(true);
    expect(isCacheable('/--comunicacion/get-single-section/12/extra', allow)).toBe(false);
    expect(isCacheable('/--comunicacion/get-single-section/', allow)).toBe(false);
    expect(isCacheable('/--reportes/torres-list', allow)).toBe(true);
    expect(isCacheable('/--reportes/torres-listx', allow)).toBe(false);
    expect(isCacheable('/--sesiones/session-data', allow)).toBe(false);
  });
});

describe('cacheKey', () => {
  it('includes method, URL and a body up to the limit', () => {
    expect(cacheKey('post', '/api/x', '{"a":1}')).toBe('POST /api/x {"a":1}');
    expect(cacheKey('GET', '/api/x', null)).toBe('GET /api/x ');
  });
  it('leaves out a body whose serialized form exceeds 1000 characters', () => {
    const long = 'x'.repeat(CACHE_BODY_LIMIT + 1);
    const exact = 'y'.repeat(CACHE_BODY_LIMIT);
    expect(cacheKey('POST', '/api/x', long)).toBe('POST /api/x ');
    expect(cacheKey('POST', '/api/x', exact)).toBe(`POST /api/x ${exact}`);
  });
});

describe('ResponseCache', () => {
  it('returns a fresh copy of a stored answer until it expires or is cleared', async () => {
    let now = 0;
    const cache = new ResponseCache(() => now, 1000);
    await cache.put('k', new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
    const first = cache.get('k');
    expect(await first?.json()).toEqual({ ok: true });
    expect(await cache.get('k')?.text()).toBe('{"ok":true}');
    expect(cache.get('k')?.headers.get('content-type')).toBe('application/json');
    now = 1001;
    expect(cache.get('k')).toBeNull();
    await cache.put('k', new Response('1'));
    cache.clear();
    expect(cache.get('k')).toBeNull();
    expect(cache.size).toBe(0);
  });
});
