// Which addresses are visitor pages, and the first call each one makes (src/api/visitorPaths.ts): the
// browser starts it before its first render and the server names it in the page's HTML.
import { describe, expect, it } from 'vitest';
import { visitorPageAt } from '../../src/api/visitorPaths';

describe('visitorPageAt', () => {
  it.each([
    ['/registro-invitados/demo-evento', 'guestRegistration', '/--invitados/formulario/demo-evento'],
    ['/registro-invitados/A_b-9/', 'guestRegistration', '/--invitados/formulario/A_b-9'],
    ['/invitacion/1/DEMO-PASE-001', 'pass', '/--invitados/pase/1/DEMO-PASE-001'],
    ['/pagina-publica', 'publicPage', null],
  ])('%s is the %s page, first calling %s', (pathname, name, firstCall) => {
    expect(visitorPageAt(pathname)).toMatchObject({ page: { name }, firstCall });
  });

  it.each([
    '/',
    '/condominio/mis-invitados',
    '/registro-invitados/',
    '/registro-invitados/a%20b',
    `/registro-invitados/${'t'.repeat(101)}`,
    '/invitacion/1',
    '/invitacion/12345678901/QR',
    `/invitacion/1/${'q'.repeat(65)}`,
    '/invitacion/1/QR/extra',
  ])('%s is not one (no early call for an address the page would refuse)', (pathname) => {
    expect(visitorPageAt(pathname)).toBeNull();
  });
});
