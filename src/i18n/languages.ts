// The languages the product speaks and how one is chosen (spec §1, DESIGN.md §5).
export const LANGUAGES = ['es', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * Public pages: the browser's language when it is French or English, Spanish for Spanish browsers (the
 * product is Spanish-first), English otherwise.
 */
export function publicLanguage(browserLanguages: readonly string[]): Language {
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'fr' || base === 'en' || base === 'es') return base;
  }
  return 'en';
}

/** Dates: the language's locale, with Mexico's for Spanish. */
export const LOCALE: Record<Language, string> = { es: 'es-MX', en: 'en-US', fr: 'fr-FR' };
