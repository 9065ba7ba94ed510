// Node only (the build): one language's messages parsed ahead of time into formatjs' message AST. The app
// then formats them without carrying the ICU message parser (about 10 KiB of gzip JS on every first load,
// and the parsing work on a phone's first render): vite.config.ts points the browser build at the parser's
// no-parser build, and serves these ASTs as assets/i18n/{lang}.json.
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { isLanguage, LOCALE } from '../languages.ts';
import { readCatalog } from './readCatalog.ts';

export type CompiledMessages = Record<string, MessageFormatElement[]>;

/** The same parse intl-messageformat would run in the browser, with the language's locale. */
export function compileCatalog(language: string, areas: 'all' | 'browser' = 'all'): CompiledMessages {
  if (!isLanguage(language)) throw new Error(`unknown language ${language}`);
  const locale = new Intl.Locale(LOCALE[language]);
  return Object.fromEntries(
    Object.entries(readCatalog(language, areas)).map(([key, message]) => {
      try {
        return [key, parse(message, { locale })];
      } catch (error) {
        throw new Error(`translation ${language} ${key} does not parse: ${(error as Error).message}`);
      }
    }),
  );
}
