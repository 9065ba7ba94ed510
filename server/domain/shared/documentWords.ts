// What the server writes for people to keep (the visitor pass and statement PDFs, the statement mail), in
// one language: the catalogues' messages, and dates, hours and money as the language writes them (es-MX,
// en-US, fr-FR: src/i18n/languages.ts). Spanish keeps the spec's formats (§9: DD/MM/YYYY, h:mm A).
// Shared: the passes area (the pass PDF) and finance (statement PDFs and mail) write with it.
import { type Language, LOCALE } from '../../../src/i18n/languages';
import type { Message, MessageId } from '../../../src/i18n/messages';
import { formatMessage } from '../../messages';

export interface DocumentWords {
  language: Language;
  /** A message of the catalogues. */
  t(id: MessageId, values?: Message['values']): string;
  /** '2025-01-31' → 31/01/2025 (es, fr), 01/31/2025 (en). */
  date(isoDate: string): string;
  /** '17:30' → 5:30 PM (es, en), 17:30 (fr). */
  hour(hhmm: string): string;
  /** Cents → $1,234.50 (es), MX$1,234.50 (en), 1 234,50 $MX (fr). */
  money(cents: number): string;
}

/**
 * The PDFs use pdfkit's standard fonts, which write WinAnsi: the narrow no-break space Intl puts in French
 * numbers is not in it, the plain no-break space is.
 */
const winAnsi = (text: string) => text.replace(/\u202f/g, '\u00a0');

const cache = new Map<Language, DocumentWords>();

export function documentWords(language: Language): DocumentWords {
  const known = cache.get(language);
  if (known) return known;
  const dates = new Intl.DateTimeFormat(LOCALE[language], { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const money = new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency: 'MXN' });
  const words: DocumentWords = {
    language,
    t: (id, values) => formatMessage(language, values ? { id, values } : id),
    date: (isoDate) => {
      const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
      return dates.format(Date.UTC(year, month - 1, day));
    },
    hour: (hhmm) => {
      const [h = 0, m = 0] = hhmm.split(':').map(Number);
      const minutes = String(m).padStart(2, '0');
      if (language === 'fr') return `${String(h).padStart(2, '0')}:${minutes}`;
      return `${h % 12 === 0 ? 12 : h % 12}:${minutes} ${h < 12 ? 'AM' : 'PM'}`;
    },
    money: (cents) => winAnsi(money.format(cents / 100)),
  };
  cache.set(language, words);
  return words;
}
