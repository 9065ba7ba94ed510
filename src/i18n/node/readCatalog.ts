// Node only (the build, the i18n test, view tests): reads and merges one language's area files.
import fs from 'node:fs';
import path from 'node:path';
import { type Messages, mergeCatalog } from '../catalog.ts';

export const I18N_DIR = path.resolve(import.meta.dirname, '..');

export function readCatalog(language: string): Messages {
  const dir = path.join(I18N_DIR, language);
  const files: Record<string, Messages> = {};
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    files[`${language}/${name}`] = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Messages;
  }
  return mergeCatalog(files);
}
