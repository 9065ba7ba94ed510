// Dates follow the interface language (spec §2.2, §9, DESIGN.md §5): dayjs with the es, en and fr
// locales, weeks starting on Monday, and in Spanish the first week of the year is the one with 4 January
// (first-week rule 4, as in French; dayjs's own es locale leaves that rule out).
import dayjs from 'dayjs';
import en from 'dayjs/locale/en';
import es from 'dayjs/locale/es';
import fr from 'dayjs/locale/fr';
import weekOfYear from 'dayjs/plugin/weekOfYear';
import type { Language } from './languages';

/** Monday, in dayjs's numbering (0 = Sunday). */
export const WEEK_STARTS_ON = 1;
/** The day of January that always falls in week 1 (the ISO rule). */
export const FIRST_WEEK_CONTAINS_JANUARY = 4;

type Locale = typeof es & { yearStart?: number };

const LOCALES: Record<Language, Locale> = {
  es: { ...es, weekStart: WEEK_STARTS_ON, yearStart: FIRST_WEEK_CONTAINS_JANUARY },
  en: { ...en, weekStart: WEEK_STARTS_ON },
  fr: { ...fr, weekStart: WEEK_STARTS_ON, yearStart: FIRST_WEEK_CONTAINS_JANUARY },
};

dayjs.extend(weekOfYear);
for (const locale of Object.values(LOCALES)) dayjs.locale(locale, undefined, true);
dayjs.locale('es');

/** Makes the language's locale the one every dayjs date formats with from now on. */
export function applyDateLanguage(language: Language): void {
  dayjs.locale(language);
}
