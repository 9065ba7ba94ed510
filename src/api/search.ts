// The one rule for "contains" searches, shared by the SQL searches (server/db/textSearch.ts) and the
// browser's list filters: text matches whatever the Spanish collation at base strength calls equal,
// limited to what a character-for-character table can say. Case and accents are ignored ('JARDÍN',
// 'jardin' and 'Jardín' are alike) but ñ stays a letter of its own ('año' is not 'ano'), as in Spanish.
//
// The fold is PostgreSQL's translate() with the table below, never lower(): lower() folds only ASCII in
// SQLite and depends on the database's locale in PostgreSQL, while translate() is core PostgreSQL (no
// extension) and SQLite gets the same function from translate() below, registered on the connection.

/**
 * The fold's table: each letter on the right becomes the one on the left. Ñ only loses its case. The
 * Latin-1 and French letters are here because names and texts carry them too (the interface is also in
 * French); a unit test checks every pair against Intl.Collator('es', { sensitivity: 'base' }).
 */
const FOLDS: Readonly<Record<string, string>> = {
  a: 'ÀÁÂÃÄÅàáâãäå',
  c: 'Çç',
  e: 'ÈÉÊËèéêë',
  i: 'ÌÍÎÏìíîï',
  o: 'ÒÓÔÕÖØòóôõöø',
  u: 'ÙÚÛÜùúûü',
  y: 'ÝýÿŸ',
  ñ: 'Ñ',
  æ: 'Æ',
  œ: 'Œ',
  ð: 'Ð',
  þ: 'Þ',
};
const ASCII_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Every character the fold changes, in the same order as SEARCH_FOLD_TO. */
export const SEARCH_FOLD_FROM = ASCII_UPPER + Object.values(FOLDS).join('');
/** What each character of SEARCH_FOLD_FROM becomes. */
export const SEARCH_FOLD_TO =
  ASCII_UPPER.toLowerCase() +
  Object.entries(FOLDS)
    .map(([to, from]) => to.repeat(Array.from(from).length))
    .join('');

let cached: { from: string; to: string; map: Map<string, string | null> } | null = null;

function translationMap(from: string, to: string): Map<string, string | null> {
  if (cached?.from === from && cached.to === to) return cached.map;
  const fromChars = Array.from(from);
  const toChars = Array.from(to);
  const map = new Map<string, string | null>();
  // As in PostgreSQL: the first occurrence of a character in `from` wins; one without a counterpart in
  // `to` is removed.
  fromChars.forEach((c, i) => {
    if (!map.has(c)) map.set(c, toChars[i] ?? null);
  });
  cached = { from, to, map };
  return map;
}

/** PostgreSQL's translate(text, from, to), character by character (code points, not UTF-16 units). */
export function translate(text: string, from: string, to: string): string {
  const map = translationMap(from, to);
  let out = '';
  for (const c of text) {
    const replacement = map.get(c);
    if (replacement === undefined) out += c;
    else if (replacement !== null) out += replacement;
  }
  return out;
}

/** Text as the searches compare it; the same as the SQL searches' translate(column, FROM, TO). */
export function foldForSearch(text: string): string {
  return translate(text, SEARCH_FOLD_FROM, SEARCH_FOLD_TO);
}

/**
 * What the person typed, ready to look for in folded text: trimmed, composed (an accent typed as a
 * separate combining mark becomes one character, as stored text has it) and folded. '' means "no search".
 */
export function searchNeedle(typed: string): string {
  return foldForSearch(typed.trim().normalize('NFC'));
}

/** The browser's "contains" search: does any of the texts contain what was typed? Empty search: yes. */
export function anyContains(texts: readonly string[], typed: string): boolean {
  const needle = searchNeedle(typed);
  return !needle || texts.some((text) => foldForSearch(text).includes(needle));
}
