// Node only (the build, the server, the i18n test, view tests): reads and merges one language's area files.
import fs from 'node:fs';
import path from 'node:path';
import { type Messages, mergeCatalog } from '../catalog.ts';

export const I18N_DIR = path.resolve(import.meta.dirname, '..');

/** Areas the browser never shows (the server's refusals, its PDFs and mails): left out of assets/i18n. */
export const SERVER_ONLY_AREAS: readonly string[] = [
  'documents',
  'errors',
  'ticketsNotices',
  'conversationsNotices',
  'pollsActa',
  'pollsNotices',
  'calendarNotices',
  'reservationsNotices',
  'invitationsNotices',
  'parcelsNotices',
  'invoicingErrors',
  'gateErrors',
  'lateFeesErrors',
  'checkoutNotices',
  'postsNotices',
];

/** Every area of the language ('all': the server, the tests), or only those the browser shows ('browser'). */
export function readCatalog(language: string, areas: 'all' | 'browser' = 'all'): Messages {
  const dir = path.join(I18N_DIR, language);
  const files: Record<string, Messages> = {};
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && (areas === 'all' || !SERVER_ONLY_AREAS.includes(path.basename(f, '.json'))))
    .sort()) {
    files[`${language}/${name}`] = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Messages;
  }
  return mergeCatalog(files);
}
