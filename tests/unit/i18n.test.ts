// Every message exists in es, en and fr with the same placeholders; every id the code uses exists; the
// spec's Spanish strings are in es.json verbatim.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import fr from '../../src/i18n/fr.json';

const catalogs: Record<string, Record<string, string>> = { es, en, fr };

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
      for (const match of text.matchAll(
        /['"]((?:login|common|notFound|session|shell|communication|language|app|sessions)\.[\w]+)['"]/g,
      )) {
        used.add(match[1]!);
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
