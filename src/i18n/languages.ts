// The languages the product speaks and how one is chosen (spec §1, DESIGN.md §5).
export const LANGUAGES = ['es', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The first of the browser's languages the product speaks, if any. */
function firstSpoken(browserLanguages: readonly string[], spoken: readonly Language[]): Language | null {
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0] as Language;
    if (spoken.includes(base)) return base;
  }
  return null;
}

/**
 * The visitor pages (the public condo page, guest registration, the pass: `VISITOR_PAGES`), spec §1: the
 * browser's language when it is French or English, otherwise English. The page's switch offers Español, and
 * the choice is kept (LanguageProvider).
 */
export function publicLanguage(browserLanguages: readonly string[]): Language {
  return firstSpoken(browserLanguages, ['fr', 'en']) ?? 'en';
}

/**
 * The product's own pages before a profile says otherwise (sign-in, password reset, pricing): the product is
 * Spanish-first (spec: "a Spanish-language web application"), so a Spanish browser reads Spanish; English
 * otherwise. docs/decisions.md 2026-11-30.
 */
export function appLanguage(browserLanguages: readonly string[]): Language {
  return firstSpoken(browserLanguages, LANGUAGES) ?? 'en';
}

/** Dates: the language's locale, with Mexico's for Spanish. */
export const LOCALE: Record<Language, string> = { es: 'es-MX', en: 'en-US', fr: 'fr-FR' };
