// Translation files are fetched from assets/i18n/{lang}.json (spec §7), versioned by content.
import type { Messages } from './catalog';
import type { Language } from './languages';

export type { Messages };

const cache = new Map<Language, Promise<Messages>>();

export function loadMessages(language: Language): Promise<Messages> {
  let pending = cache.get(language);
  if (!pending) {
    pending = fetch(`/assets/i18n/${language}.json?v=${__I18N_VERSION__}`).then((response) => {
      if (!response.ok) throw new Error(`translations ${language}: HTTP ${response.status}`);
      return response.json() as Promise<Messages>;
    });
    // A failed download must not stick: the next attempt tries again.
    pending.catch(() => cache.delete(language));
    cache.set(language, pending);
  }
  return pending;
}
