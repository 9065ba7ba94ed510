// Translation files are fetched from assets/i18n/{lang}.json (spec §7), versioned by content.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Language } from './languages';

/** Plain strings from the dev server; parsed ahead of time in the build (src/i18n/node/compileCatalog.ts). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

const cache = new Map<Language, Promise<Messages>>();
/** The languages whose messages have arrived, for a first render that needs no loader. */
const arrived = new Map<Language, Messages>();

/** The language's messages if they have arrived already; null otherwise (loadMessages gets them). */
export function loadedMessages(language: Language): Messages | null {
  return arrived.get(language) ?? null;
}

export function loadMessages(language: Language): Promise<Messages> {
  let pending = cache.get(language);
  if (!pending) {
    pending = fetch(`/assets/i18n/${language}.json?v=${__I18N_VERSION__}`).then(async (response) => {
      if (!response.ok) throw new Error(`translations ${language}: HTTP ${response.status}`);
      const messages = (await response.json()) as Messages;
      arrived.set(language, messages);
      return messages;
    });
    // A failed download must not stick: the next attempt tries again.
    pending.catch(() => cache.delete(language));
    cache.set(language, pending);
  }
  return pending;
}
