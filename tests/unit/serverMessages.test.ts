// No refusal without a translation: every message id the server (and the contract's validation) uses exists
// in es, en and fr with the same ICU arguments, no refusal is written as plain text, and each formats in
// every language with the values the server gives it.
import fs from 'node:fs';
import path from 'node:path';
import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../server/messages';
import { LANGUAGES } from '../../src/i18n/languages';
import type { MessageId } from '../../src/i18n/messages';
import { readCatalog } from '../../src/i18n/node/readCatalog';

const ROOT = path.resolve(__dirname, '../..');
const catalogs = Object.fromEntries(LANGUAGES.map((language) => [language, readCatalog(language)]));
const es = catalogs.es!;
const AREAS = new Set(Object.keys(es).map((key) => key.split('.')[0]!));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * The server's code and the contract modules whose messages the server gives (validation, field labels…).
 * Not the migrations ('sessions.id' is a column), the timeline's wire kinds ('privacy.updated') nor a payment
 * provider's own event types ('checkout.session.completed' is Stripe's).
 */
const PROVIDERS = path.join('server', 'domain', 'checkout', 'providers', 'stripe');
const files = [...sourceFiles(path.join(ROOT, 'server')), ...sourceFiles(path.join(ROOT, 'src/api'))].filter(
  (file) =>
    !file.includes(`${path.sep}db${path.sep}`) &&
    !file.endsWith(path.join('src', 'api', 'timeline.ts')) &&
    !file.includes(PROVIDERS),
);
const texts = new Map(files.map((file) => [path.relative(ROOT, file), fs.readFileSync(file, 'utf8')]));

/** Quoted strings that look like an id of a catalogue area ('errors.forbidden', `guest.error.${…}`). */
function idsUsed(): Map<string, string> {
  const used = new Map<string, string>();
  for (const [file, text] of texts) {
    for (const match of text.matchAll(/['"`]([a-z][a-zA-Z]*\.[a-zA-Z][\w.]*)(\$\{)?/g)) {
      const id = match[1]!;
      // Not a file name, nor a host that starts with an area's word ('push.apple.com', a push service).
      if (!AREAS.has(id.split('.')[0]!) || /\.(ts|tsx|json|com|net|org)$/.test(id)) continue;
      // A template (`guest.error.${reason}`): every key of the catalogue with that prefix must exist.
      used.set(match[2] ? `${id}*` : id, file);
    }
  }
  return used;
}

/** Each ICU argument of a message with its kind: {name} text, {count, plural} plural… */
function argumentsOf(elements: MessageFormatElement[], found: Record<string, string> = {}): Record<string, string> {
  for (const element of elements) {
    if (isPluralElement(element)) found[element.value] = 'plural';
    else if (isSelectElement(element)) found[element.value] = 'select';
    else if (isNumberElement(element)) found[element.value] = 'number';
    else if (isDateElement(element) || isTimeElement(element)) found[element.value] = 'date';
    else if (isArgumentElement(element)) found[element.value] ??= 'text';
    else if (isTagElement(element)) found[element.value] = 'tag';
    if (isPluralElement(element) || isSelectElement(element)) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
    if (isTagElement(element)) argumentsOf(element.children, found);
  }
  return found;
}

describe('the server’s messages', () => {
  const used = idsUsed();

  it('are found in the code (the scan works)', () => {
    for (const id of ['errors.forbidden', 'errors.input.required', 'guest.error.*', 'invites.problem.*', 'pass.notFound']) {
      expect([...used.keys()], id).toContain(id);
    }
  });

  it('exist in es, en and fr', () => {
    const missing: string[] = [];
    for (const [id, file] of used) {
      for (const language of LANGUAGES) {
        const catalog = catalogs[language]!;
        const found = id.endsWith('*') ? Object.keys(catalog).some((key) => key.startsWith(id.slice(0, -1))) : id in catalog;
        if (!found) missing.push(`${language}:${id} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('have the same ICU arguments, of the same kind, in every language (every message of the catalogues)', () => {
    for (const [id, message] of Object.entries(es)) {
      const expected = argumentsOf(parse(message));
      for (const language of LANGUAGES) {
        expect(argumentsOf(parse(catalogs[language]![id]!)), `${language}:${id}`).toEqual(expected);
      }
    }
  });

  it('are never written as plain text in a refusal', () => {
    const plain: string[] = [];
    for (const [file, text] of texts) {
      // new AppError(status, code, '…' or `…`: the message must be a catalogue id.
      for (const match of text.matchAll(/new AppError\(\s*[^,]+,\s*[^,]+,\s*(['"`])([^'"`]*)\1/g)) {
        const id = match[2]!;
        if (!(id in es) && !id.includes('${')) plain.push(`${file}: ${id}`);
      }
    }
    expect(plain).toEqual([]);
  });

  it('format in every language with the values the server gives them', () => {
    const samples: [MessageId, Record<string, string | number | { id: MessageId }>][] = [
      ['errors.photo.tooLarge', { megabytes: 1.5 }],
      ['errors.routeNotFound', { method: 'GET', path: '/api/x' }],
      ['errors.input.tooLong', { field: { id: 'login.password' }, max: 200 }],
      ['errors.input.tooShort', { field: 'token', min: 1 }],
      ['errors.input.exactLength', { field: 'token', length: 10 }],
      ['errors.input.items', { field: 'ids', min: 1, max: 100 }],
      ['errors.input.range', { field: 'limit', min: 1, max: 50 }],
      ['errors.input.atLeast', { field: 'x', min: 1 }],
      ['errors.input.atMost', { field: 'x', max: 9 }],
      ['documents.statement.bulkTitle', { from: '01/01/2025', to: '31/12/2025' }],
    ];
    for (const language of LANGUAGES) {
      for (const [id, values] of samples) {
        const text = formatMessage(language, { id, values });
        expect(text, `${language}:${id}`).not.toMatch(/[{}]/);
      }
    }
    expect(formatMessage('es', { id: 'errors.input.tooLong', values: { field: { id: 'login.password' }, max: 200 } })).toBe(
      'Contraseña: admite como máximo 200 caracteres.',
    );
    expect(formatMessage('fr', { id: 'errors.photo.tooLarge', values: { megabytes: 1.5 } })).toBe('La photo dépasse 1,5 Mo.');
    expect(() => formatMessage('en', 'errors.photo.tooLarge')).toThrow();
  });

  it('keep the spec’s Spanish words verbatim', () => {
    expect(es['errors.session.invalidCredentials']).toBe('Usuario o Contraseña incorrecta');
    expect(es['pass.notFound']).toBe('El pase de acceso no fue encontrado o no es válido.');
    expect(es['charges.invalidAmount']).toBe('Ingresa un monto válido mayor a 0');
    expect(es['finance.bulk.invalidRange']).toBe('Ingrese un rango de fechas valido');
    expect(es['public.contact.captchaFailed']).toBe('Error al enviar el correo, por favor intente más tarde.');
    expect(es['public.access.captchaFailed']).toBe('Hubo un error al enviar el formulario');
    expect(es['public.error.nombreRequired']).toBe('El nombre completo es requerido.');
    expect(es['public.error.emailInvalid']).toBe('Por favor, ingresa un correo electrónico válido.');
    expect(es['blogs.errors.nameRequired']).toBe('El nombre del blog es requerido');
  });

  it('stay out of the browser’s translations when only the server says them', () => {
    const browser = readCatalog('es', 'browser');
    expect(Object.keys(browser).some((key) => key.startsWith('errors.') || key.startsWith('documents.'))).toBe(false);
    expect(browser['login.email']).toBe(es['login.email']);
  });
});
