import { describe, expect, it } from 'vitest';
import { appLanguage, publicLanguage } from '../../src/i18n/languages';
import { truncate } from '../../src/views/common/condoName';
import { safeReturnUrl, signInUrlFor } from '../../src/views/common/returnUrl';
import { documentTitle } from '../../src/views/common/useDocumentTitle';

describe('return URL', () => {
  it('accepts only paths of this app', () => {
    expect(safeReturnUrl('/condominio/financiero?x=1#y')).toBe('/condominio/financiero?x=1#y');
    expect(safeReturnUrl('//evil.example/x')).toBeNull();
    expect(safeReturnUrl('/\\evil.example')).toBeNull();
    expect(safeReturnUrl('https://evil.example')).toBeNull();
    expect(safeReturnUrl('')).toBeNull();
    expect(safeReturnUrl(null)).toBeNull();
  });

  // Issue 33: the browser drops tabs and newlines anywhere, and controls and spaces at the ends, before it reads
  // an address; the check reads the text the same way.
  it('is read as the browser reads it: tabs, newlines and surrounding controls dropped, then kept on our origin', () => {
    expect(safeReturnUrl('/condominio/\tcomunicacion')).toBe('/condominio/comunicacion');
    expect(safeReturnUrl('/condominio/estado-cta\n')).toBe('/condominio/estado-cta');
    expect(safeReturnUrl('\r\n /condominio/financiero?x=1 \u0000')).toBe('/condominio/financiero?x=1');
    expect(safeReturnUrl('/\t/evil.example/x')).toBeNull();
    expect(safeReturnUrl('/\n\\evil.example')).toBeNull();
    expect(safeReturnUrl('\tjavascript:alert(1)')).toBeNull();
    expect(safeReturnUrl('\t\n')).toBeNull();
  });

  it('travels encoded in ?returnUrl=', () => {
    expect(signInUrlFor('/condominio/x?a=1&b=2')).toBe('/sessions/signin?returnUrl=%2Fcondominio%2Fx%3Fa%3D1%26b%3D2');
  });
});

describe('tab title (spec §2.2)', () => {
  it("joins the breadcrumbs with ' > ' and ends with ' | ' and the product", () => {
    expect(documentTitle(['Residencial Las Palmas', 'Comunicación'], 'Comunidad')).toBe(
      'Residencial Las Palmas > Comunicación | Comunidad',
    );
    expect(documentTitle(['', 'Comunicación'], 'Comunidad')).toBe('Comunicación | Comunidad');
    expect(documentTitle([], 'Comunidad')).toBe('Comunidad');
  });
});

describe('header name (spec §9)', () => {
  it('cuts at 20 characters', () => {
    expect(truncate('Residencial Las Palmas', 20)).toBe('Residencial Las Pal…');
    expect(truncate('Residencial Las Palmas', 20)).toHaveLength(20);
    expect(truncate('Torres del Bosque', 20)).toBe('Torres del Bosque');
  });
});

describe('the language before a profile says (spec §1)', () => {
  it('on a visitor page is French or English when the browser says so, English otherwise (Spanish too)', () => {
    expect(publicLanguage(['fr-CA', 'en'])).toBe('fr');
    expect(publicLanguage(['en-US'])).toBe('en');
    expect(publicLanguage(['es-MX'])).toBe('en');
    expect(publicLanguage(['es-MX', 'fr'])).toBe('fr');
    expect(publicLanguage(['de-DE'])).toBe('en');
    expect(publicLanguage([])).toBe('en');
  });
  it('on the product’s own pages (sign-in) is Spanish for Spanish browsers, English otherwise', () => {
    expect(appLanguage(['es-MX', 'en'])).toBe('es');
    expect(appLanguage(['de-DE', 'es'])).toBe('es');
    expect(appLanguage(['fr-FR'])).toBe('fr');
    expect(appLanguage(['de-DE'])).toBe('en');
  });
});
