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

/**
 * The language a person picked, kept for the server too (LanguageProvider writes it beside its localStorage
 * copy): a visitor page the server paints (server/infra/firstPaint.ts) is then in the language it will show,
 * not in the browser's first and then another.
 */
export const LANGUAGE_COOKIE = 'language';

/**
 * A visitor page's address may say the language to show (?lang=es): the switch of a page the server painted
 * asks for it so before the app runs (VisitorLanguageSwitch). It wins, and is kept as a pick is.
 */
export const LANGUAGE_PARAM = 'lang';

/** The language a page's query asks for, if one of ours. */
export function languageInQuery(search: string): Language | null {
  const value = new URLSearchParams(search).get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

/** The cookie that keeps a pick, for a year, on every path of the site (Secure on https), as both sides write it. */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The picked language in a Cookie header (or document.cookie), if one of ours. */
export function languageInCookie(cookie: string | undefined): Language | null {
  const value = cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(value) ? value : null;
}
