// Translation files are fetched from assets/i18n/{lang}.json (spec §7), versioned by content; a visitor page
// first fetches its language's visitor catalog, assets/i18n/{lang}.visitor.json (catalogScope.ts).
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { type CatalogScope, catalogPath } from './catalogScope';
import type { Language } from './languages';

/** Plain strings from the dev server; parsed ahead of time in the build (src/i18n/node/compileCatalog.ts). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

const cache = new Map<string, Promise<Messages>>();
/** The catalogs that have arrived, by language and scope, for a first render that needs no loader. */
const arrived = new Map<string, Messages>();
const keyOf = (language: Language, scope: CatalogScope) => `${language}:${scope}`;

/** Messages enough for `scope` if they have arrived already (the whole catalog holds the visitor one); else null. */
export function loadedMessages(language: Language, scope: CatalogScope = 'all'): Messages | null {
  return arrived.get(keyOf(language, 'all')) ?? (scope === 'visitor' ? (arrived.get(keyOf(language, 'visitor')) ?? null) : null);
}

/** Messages enough for `scope`: the whole catalog when it is loaded or on its way, else the one asked for. */
export function loadMessages(language: Language, scope: CatalogScope = 'all'): Promise<Messages> {
  const whole = cache.get(keyOf(language, 'all'));
  if (whole) return whole;
  const key = keyOf(language, scope);
  let pending = cache.get(key);
  if (!pending) {
    pending = fetch(`${catalogPath(language, scope)}?v=${__I18N_VERSION__}`).then(async (response) => {
      if (!response.ok) throw new Error(`translations ${language} (${scope}): HTTP ${response.status}`);
      const messages = (await response.json()) as Messages;
      arrived.set(key, messages);
      return messages;
    });
    // A failed download must not stick: the next attempt tries again.
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}
