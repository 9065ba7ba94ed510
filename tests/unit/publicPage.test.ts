// The public page's pure rules: the phone display (spec §2.5), the host → subdomain rule (spec §1), the
// contact form's rules (spec §5), the background colour, and the spec's Spanish strings in public.json.
import { describe, expect, it } from 'vitest';
import { type ContactForm, contactFormProblems, subdomainOfHost } from '../../src/api/publicPage';
import { readCatalog } from '../../src/i18n/node/readCatalog';
import { backgroundColor, backgroundGradient } from '../../src/views/public/background';
import { formatPhone, phoneHref } from '../../src/views/public/formatPhone';

describe('formatPhone', () => {
  it('shows +country then the digits grouped 2-4-rest', () => {
    expect(formatPhone('52', '3312345678')).toBe('+52 33 1234 5678');
    expect(formatPhone('1', '5551234567')).toBe('+1 55 5123 4567');
    expect(formatPhone('52', '33 1234-5678')).toBe('+52 33 1234 5678');
    expect(formatPhone('+52', '331234')).toBe('+52 33 1234');
    expect(formatPhone('52', '331')).toBe('+52 33 1');
  });

  it('leaves out a missing country and gives null without digits', () => {
    expect(formatPhone(null, '3312345678')).toBe('33 1234 5678');
    expect(formatPhone('52', null)).toBeNull();
    expect(formatPhone('52', ' - ')).toBeNull();
  });

  it('links to the same number', () => {
    expect(phoneHref('52', '33 1234 5678')).toBe('tel:+523312345678');
    expect(phoneHref(null, '3312345678')).toBe('tel:3312345678');
  });
});

describe('subdomainOfHost', () => {
  it('takes the first label of a host with more than two labels', () => {
    expect(subdomainOfHost('palmas.condominio.mx', null)).toBe('palmas');
    expect(subdomainOfHost('PALMAS.condominio.mx:8443', null)).toBe('palmas');
    expect(subdomainOfHost('condominio.mx', null)).toBeNull();
    expect(subdomainOfHost('localhost:3000', null)).toBeNull();
    expect(subdomainOfHost('www.condominio.mx', null)).toBeNull();
    expect(subdomainOfHost('127.0.0.1:3000', null)).toBeNull();
  });

  it('is relative to the base domain when one is set', () => {
    expect(subdomainOfHost('palmas.condominio.com.mx', 'condominio.com.mx')).toBe('palmas');
    expect(subdomainOfHost('condominio.com.mx', 'condominio.com.mx')).toBeNull();
    expect(subdomainOfHost('palmas.otro.mx', 'condominio.com.mx')).toBeNull();
    expect(subdomainOfHost('palmascondominio.com.mx', 'condominio.com.mx')).toBeNull();
  });

  it('refuses what is not a host name', () => {
    expect(subdomainOfHost('pal mas.condominio.mx', null)).toBeNull();
    expect(subdomainOfHost('a_b.condominio.mx', null)).toBeNull();
    expect(subdomainOfHost('', null)).toBeNull();
  });
});

describe('contactFormProblems', () => {
  const valid: ContactForm = {
    nombre: 'Ana',
    email: 'ana@example.com',
    tel: '+52 33 1234 5678',
    comentarios: 'Hola',
    vivienda: '',
  };

  it('accepts a complete contact form, and asks an access request for vivienda', () => {
    expect(contactFormProblems(valid, 'contact')).toEqual({});
    expect(contactFormProblems(valid, 'access')).toEqual({ vivienda: 'required' });
    expect(contactFormProblems({ ...valid, vivienda: 'Casa 4' }, 'access')).toEqual({});
  });

  it('names every broken field', () => {
    const empty: ContactForm = { nombre: ' ', email: '', tel: '', comentarios: '', vivienda: '' };
    expect(contactFormProblems(empty, 'access')).toEqual({
      nombre: 'required',
      email: 'invalid',
      tel: 'required',
      comentarios: 'required',
      vivienda: 'required',
    });
    expect(contactFormProblems({ ...valid, email: 'ana@example' }, 'contact')).toEqual({ email: 'invalid' });
    expect(contactFormProblems({ ...valid, tel: 'llámame' }, 'contact')).toEqual({ tel: 'invalid' });
    expect(contactFormProblems({ ...valid, nombre: 'a'.repeat(121) }, 'contact')).toEqual({ nombre: 'tooLong' });
  });
});

describe('background colour', () => {
  it('has a gradient for each of the four colours and gris for anything else', () => {
    expect(backgroundColor('verde')).toBe('verde');
    expect(backgroundColor('Naranja')).toBe('naranja');
    expect(backgroundColor('rojo')).toBe('gris');
    expect(backgroundColor(null)).toBe('gris');
    const gradients = new Set(['azul', 'gris', 'verde', 'naranja'].map(backgroundGradient));
    expect(gradients.size).toBe(4);
    expect(backgroundGradient('rojo')).toBe(backgroundGradient('gris'));
  });
});

describe('public page messages', () => {
  it('carry the spec’s Spanish strings verbatim', () => {
    const values = new Set(Object.values(readCatalog('es')));
    const spec = [
      'Pagina Publica',
      'Solicitar acceso',
      'Contactar admin',
      'El nombre completo es requerido.',
      'Por favor, ingresa un correo electrónico válido.',
      'Error al enviar el correo, por favor intente más tarde.',
      'Hubo un error al enviar el formulario',
    ];
    expect(spec.filter((text) => !values.has(text))).toEqual([]);
  });
});
