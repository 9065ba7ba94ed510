// What the service worker keeps (src/services/offlineCaches.ts): the app's pages, the build's files and the
// visitor pass's answer, and never another API answer (personal data) nor another origin's.
import { describe, expect, it } from 'vitest';
import { PASS_PATHS } from '../../src/api/visitorPaths';
import {
  isAppPage,
  isBuildAsset,
  isVisitorPassAnswer,
  isWarmUpMessage,
  pageCacheKey,
  WARM_UP,
} from '../../src/services/offlineCaches';

const ORIGIN = 'https://palmas.comunidad.mx';
const at = (path: string, origin = ORIGIN) => new URL(path, origin);

describe('the service worker’s caches', () => {
  it.each([
    '/',
    '/sessions/signin?returnUrl=%2Fcondominio',
    '/condominio/comunicacion/seccion/12',
    '/invitacion/1/DEMO-PASE-001',
    '/registro-invitados/demo-evento',
  ])('keeps the page %s', (path) => {
    expect(isAppPage(at(path), ORIGIN)).toBe(true);
  });

  it.each([
    '/api/--invitados/pase-pdf/1/DEMO-PASE-001',
    '/api/--sesiones/datos',
    '/assets/index-abc.js',
    '/reglamentos/residencial-las-palmas.pdf',
    '/sw.js',
    '/manifest.webmanifest',
  ])('does not take %s for a page', (path) => {
    expect(isAppPage(at(path), ORIGIN)).toBe(false);
  });

  it('keeps a page under its path: a token in its query is never stored', () => {
    expect(pageCacheKey(at('/sessions/reset-password?token=secreto123#x'))).toBe(`${ORIGIN}/sessions/reset-password`);
    expect(pageCacheKey(at('/invitacion/1/DEMO-PASE-001'))).toBe(`${ORIGIN}/invitacion/1/DEMO-PASE-001`);
  });

  it('keeps the build’s files, translations with their version', () => {
    expect(isBuildAsset(at('/assets/index-abc.js'), ORIGIN)).toBe(true);
    expect(isBuildAsset(at('/assets/i18n/es.json?v=1a2b3c'), ORIGIN)).toBe(true);
    expect(isBuildAsset(at('/favicon.svg'), ORIGIN)).toBe(false);
    expect(isBuildAsset(at('/api/assets/x.js'), ORIGIN)).toBe(false);
  });

  it('keeps the visitor pass’s answer, at the contract’s address', () => {
    expect(isVisitorPassAnswer(at(`/api${PASS_PATHS.view(1, 'DEMO-PASE-001')}`), ORIGIN)).toBe(true);
    expect(isVisitorPassAnswer(at(`/api${PASS_PATHS.view(4821, 'a_b-9')}`), ORIGIN)).toBe(true);
  });

  it.each([
    `/api${PASS_PATHS.pdf(1, 'DEMO-PASE-001')}`,
    PASS_PATHS.view(1, 'DEMO-PASE-001'),
    '/api/--invitados/pase/x/DEMO-PASE-001',
    '/api/--invitados/pase/1/DEMO.PASE',
    '/api/--invitados/pase/1/DEMO-PASE-001/extra',
    '/api/--invitados/formulario/demo-evento',
    '/api/--caseta/hoy',
    '/api/--sesiones/datos',
    '/invitacion/1/DEMO-PASE-001',
  ])('keeps no other answer: %s', (path) => {
    expect(isVisitorPassAnswer(at(path), ORIGIN)).toBe(false);
  });

  it('keeps nothing of another origin', () => {
    const other = 'https://maps.google.com';
    expect(isAppPage(at('/maps', other), ORIGIN)).toBe(false);
    expect(isBuildAsset(at('/assets/x.js', other), ORIGIN)).toBe(false);
    expect(isVisitorPassAnswer(at(`/api${PASS_PATHS.view(1, 'DEMO-PASE-001')}`, other), ORIGIN)).toBe(false);
  });

  it('reads only a well-formed warm-up message', () => {
    expect(isWarmUpMessage({ type: WARM_UP, page: `${ORIGIN}/`, resources: [`${ORIGIN}/assets/a.js`] })).toBe(true);
    expect(isWarmUpMessage({ type: WARM_UP, page: null, resources: [`${ORIGIN}/assets/late.js`] })).toBe(true);
    expect(isWarmUpMessage({ type: WARM_UP, page: `${ORIGIN}/`, resources: [7] })).toBe(false);
    expect(isWarmUpMessage({ type: WARM_UP, page: 7, resources: [] })).toBe(false);
    expect(isWarmUpMessage({ type: 'SKIP_WAITING' })).toBe(false);
    expect(isWarmUpMessage(null)).toBe(false);
    expect(isWarmUpMessage('condo-warm-up')).toBe(false);
  });
});
