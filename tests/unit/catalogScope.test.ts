// The visitor catalog (src/i18n/catalogScope.ts, src/i18n/loadMessages.ts; issue 29): a visitor page loads only
// the areas the visitor pages show, every other page the whole catalog, which then serves visitor pages too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogPath, catalogScopeAt, VISITOR_AREAS, visitorMessages } from '../../src/i18n/catalogScope';
import { readCatalog } from '../../src/i18n/node/readCatalog';

describe('the visitor catalog', () => {
  it('is what the visitor pages load first, and the whole catalog everywhere else', () => {
    expect(catalogScopeAt('/registro-invitados/demo-evento')).toBe('visitor');
    expect(catalogScopeAt('/invitacion/1/DEMO-PASE-001')).toBe('visitor');
    expect(catalogScopeAt('/pagina-publica')).toBe('visitor');
    expect(catalogScopeAt('/condominio/comunicacion')).toBe('all');
    expect(catalogScopeAt('/login')).toBe('all');
    expect([catalogPath('fr', 'visitor'), catalogPath('fr', 'all')]).toEqual([
      '/assets/i18n/fr.visitor.json',
      '/assets/i18n/fr.json',
    ]);
  });

  it('holds every key of its areas and nothing else, about a tenth of the whole', () => {
    const whole = readCatalog('es', 'browser');
    const visitor = visitorMessages(whole);
    const areas = new Set<string>(VISITOR_AREAS);
    expect(Object.keys(visitor)).toEqual(Object.keys(whole).filter((key) => areas.has(key.split('.')[0]!)));
    for (const area of VISITOR_AREAS)
      expect(
        Object.keys(visitor).some((key) => key.startsWith(`${area}.`)),
        area,
      ).toBe(true);
    expect(JSON.stringify(visitor).length).toBeLessThan(JSON.stringify(whole).length / 8);
  });
});

describe('loadMessages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('fetches the visitor catalog for a visitor page, then the whole one, which serves both from then on', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('__I18N_VERSION__', 'test');
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url.split('?')[0]!);
      return new Response(JSON.stringify({ [url.includes('visitor') ? 'guest.a' : 'tickets.b']: 'x' }));
    });
    const { loadMessages, loadedMessages } = await import('../../src/i18n/loadMessages');
    const visitor = await loadMessages('en', 'visitor');
    expect(loadedMessages('en', 'visitor')).toBe(visitor);
    expect(loadedMessages('en', 'all')).toBeNull();
    const whole = await loadMessages('en', 'all');
    expect(loadedMessages('en', 'visitor')).toBe(whole);
    expect(await loadMessages('en', 'visitor')).toBe(whole);
    expect(fetched).toEqual(['/assets/i18n/en.visitor.json', '/assets/i18n/en.json']);
  });
});
