// The login-redirect bridge's URL decoding (spec §2.8): '_' is '/', 'h1s' is '#', 'h2s' is '!', and only
// paths of this app come out.
import { describe, expect, it } from 'vitest';
import { signInNotice } from '../../src/views/common/SignInNotice';
import { decodeRedirectUrl } from '../../src/views/redirect/decodeRedirectUrl';

describe('decodeRedirectUrl', () => {
  it('decodes the legacy encoding', () => {
    expect(decodeRedirectUrl('_condominio_comunicacion')).toBe('/condominio/comunicacion');
    expect(decodeRedirectUrl('_condominio_comunicacion_ver-publicacion_12h1scomentarios')).toBe(
      '/condominio/comunicacion/ver-publicacion/12#comentarios',
    );
    expect(decodeRedirectUrl('_condominio_panel-financieroh1sh2s_bancos')).toBe('/condominio/panel-financiero#!/bancos');
  });

  it('keeps the query of the page to open', () => {
    expect(decodeRedirectUrl('_condominio_panel-financiero_ver-reporte?Clave=DetIng&Nombre=Ingresos')).toBe(
      '/condominio/panel-financiero/ver-reporte?Clave=DetIng&Nombre=Ingresos',
    );
  });

  it('reads a path given without its leading slash as one of this app', () => {
    expect(decodeRedirectUrl('condominio_mi-perfil')).toBe('/condominio/mi-perfil');
  });

  it('refuses anything that would leave this app', () => {
    for (const outside of [
      '__evil.example_login', // //evil.example/login
      'https:__evil.example', // https://evil.example
      '_\\evil.example',
      'javascript:alert(1)',
      '_ _condominio',
    ]) {
      expect(decodeRedirectUrl(outside), outside).toBeNull();
    }
  });

  it('has nothing to decode without a value', () => {
    expect(decodeRedirectUrl(null)).toBeNull();
    expect(decodeRedirectUrl(undefined)).toBeNull();
    expect(decodeRedirectUrl('  ')).toBeNull();
  });
});

describe('signInNotice', () => {
  it('tells the sign-in page why the bridge sent the user there', () => {
    expect(signInNotice('?logout=1')).toBe('redirect.loggedOut');
    expect(signInNotice('bridge=refused&returnUrl=%2Fcondominio')).toBe('redirect.refused');
    expect(signInNotice('returnUrl=%2Fcondominio')).toBeNull();
    expect(signInNotice('logout=0')).toBeNull();
  });
});
