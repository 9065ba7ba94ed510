// The catalogues' messages on the server (DESIGN.md §8 "Errors speak the user's language"): refusals, PDFs
// and mails are worded from the same src/i18n area files as the browser's screens, one place for each text.
// The files are read once at start; each message is parsed the first time it is used in a language.
import { IntlMessageFormat } from 'intl-messageformat';
import { LANGUAGES, type Language, LOCALE } from '../src/i18n/languages';
import type { Message, MessageId, MessageValue } from '../src/i18n/messages';
import { readCatalog } from '../src/i18n/node/readCatalog';

const catalogs = Object.fromEntries(LANGUAGES.map((language) => [language, readCatalog(language)])) as Record<
  Language,
  Record<string, string>
>;
const parsed = new Map<string, IntlMessageFormat>();

function parsedMessage(language: Language, id: MessageId): IntlMessageFormat {
  const key = `${language}:${id}`;
  let message = parsed.get(key);
  if (!message) {
    const text = catalogs[language][id];
    if (text === undefined) throw new Error(`no message ${id} in ${language}`);
    message = new IntlMessageFormat(text, LOCALE[language]);
    parsed.set(key, message);
  }
  return message;
}

/** The message in the language; values that are messages themselves (a field's label) are worded first. */
export function formatMessage(language: Language, message: MessageId | Message): string {
  const { id, values } = typeof message === 'string' ? { id: message, values: undefined } : message;
  const worded = values
    ? Object.fromEntries(
        Object.entries(values).map(([name, value]: [string, MessageValue]) => [
          name,
          typeof value === 'object' ? formatMessage(language, value) : value,
        ]),
      )
    : undefined;
  return String(parsedMessage(language, id).format(worded));
}

/** A translator bound to one language, for documents that say many things (PDFs, mails). */
export const wordsIn = (language: Language) => (id: MessageId, values?: Message['values']) =>
  formatMessage(language, values ? { id, values } : id);
