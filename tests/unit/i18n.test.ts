// Every message exists in es, en and fr with the same placeholders and in the same area file; every id
// the code uses exists; the spec's Spanish strings are in the Spanish catalog verbatim.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { I18N_DIR, readCatalog } from '../../src/i18n/node/readCatalog';

const es = readCatalog('es');
const en = readCatalog('en');
const fr = readCatalog('fr');

const catalogs: Record<string, Record<string, string>> = { es, en, fr };

/** The key prefixes in use ("login", "shell"…): quoted strings starting with one are message ids. */
const AREAS = new Set(Object.keys(es).map((key) => key.split('.')[0]!));

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('translations', () => {
  it('have the same keys in every language', () => {
    const keys = Object.keys(es).sort();
    expect(Object.keys(en).sort()).toEqual(keys);
    expect(Object.keys(fr).sort()).toEqual(keys);
  });

  it('have the same area files in every language', () => {
    const areas = (language: string) => fs.readdirSync(path.join(I18N_DIR, language)).sort();
    expect(areas('en')).toEqual(areas('es'));
    expect(areas('fr')).toEqual(areas('es'));
    for (const area of areas('es')) {
      const keysOf = (language: string) =>
        Object.keys(JSON.parse(fs.readFileSync(path.join(I18N_DIR, language, area), 'utf8'))).sort();
      expect(keysOf('en'), area).toEqual(keysOf('es'));
      expect(keysOf('fr'), area).toEqual(keysOf('es'));
    }
  });

  it('have no empty message and the same placeholders everywhere', () => {
    for (const [key, message] of Object.entries(es)) {
      for (const [language, catalog] of Object.entries(catalogs)) {
        expect(catalog[key]?.trim(), `${language}:${key}`).toBeTruthy();
        expect(placeholders(catalog[key] ?? ''), `${language}:${key}`).toEqual(placeholders(message));
      }
    }
  });

  it('cover every message id the code uses', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(path.resolve(__dirname, '../../src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bid[=:]\s*\{?\s*['"]([a-zA-Z]+\.[\w.]+)['"]/g)) used.add(match[1]!);
      // Ids chosen by expression ('login.x' : 'login.y') and ids typed as string literals in rules.
      // src/api holds wire values such as timeline kinds ('privacy.updated'), not message ids.
      if (file.includes(`${path.sep}api${path.sep}`)) continue;
      // Machine event names are not ids either, even with an area's prefix ('password.change' beside the
      // 'password.tooShort' message): skip `type: '…'`, `assertEvent(event, '…')` and `'…':` object keys.
      for (const match of text.matchAll(/(type: |assertEvent\(event, )?['"]([a-z][a-zA-Z]*\.[a-zA-Z][\w.]*)['"](:)?/g)) {
        if (match[1] || match[3]) continue;
        if (AREAS.has(match[2]!.split('.')[0]!)) used.add(match[2]!);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter((id) => !(id in es));
    expect(missing).toEqual([]);
  });

  it('carry the spec’s Spanish strings verbatim', () => {
    const spec = [
      'Autenticacion',
      'Por favor ingresa un email válido',
      'La contraseña es requerida',
      'Al parecer no tienes ningún condominio activo.',
      'Ha ocurrido un error al ingresar, intentalo de nuevo.',
    ];
    const values = new Set(Object.values(es));
    expect(spec.filter((text) => !values.has(text))).toEqual([]);
  });
});
