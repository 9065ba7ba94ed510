// The HTML of the app's e-mails, written one way: every text that goes into the HTML part is escaped here
// (& < > " ', so a name like <img src=x onerror=…> or a quote inside an href stays text), and the pieces
// the mails repeat (the page with its language, a paragraph, a table of facts, a link with its address
// under it) are built here. Shared: every mail builder of every area (tests/server/mailHostileNames.test.ts
// lists them and fails on one it does not know).
import type { Language } from '../../../src/i18n/languages';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** A header free of line breaks (names and titles go into subjects), at most 200 characters. */
export const mailSubject = (value: string): string =>
  value
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, 200);

/** The whole HTML part: the document in its language around the given pieces, one a line. */
export const mailPage = (language: Language, pieces: readonly string[]): string =>
  [
    `<!doctype html><html lang="${language}"><body style="font-family: sans-serif; line-height: 1.5">`,
    ...pieces,
    '</body></html>',
  ].join('\n');

/** A paragraph of text; its line breaks kept as <br>. */
export const paragraph = (text: string): string => `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

/**
 * Label and value rows. `long`: values that may run over lines (a visitor's comments) keep their breaks and
 * labels stay at the top.
 */
export function factsTable(rows: readonly (readonly [string, string])[], options: { long?: boolean } = {}): string {
  const th = options.long ? '<th align="left" valign="top">' : '<th align="left">';
  const td = options.long ? '<td style="white-space: pre-wrap">' : '<td>';
  return [
    '<table cellpadding="4">',
    ...rows.map(([label, value]) => `<tr>${th}${escapeHtml(label)}</th>${td}${escapeHtml(value)}</td></tr>`),
    '</table>',
  ].join('\n');
}

/** A button-like link and, under it, its address to copy when the link does not open. */
export const linkWithAddress = (link: string, label: string): string =>
  `<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>\n<p style="font-size: 0.9em; color: #555">${escapeHtml(link)}</p>`;

/** A sentence followed by the link written out (tickets' and polls' "follow it here"). */
export const sentenceWithLink = (sentence: string, link: string): string =>
  `<p>${escapeHtml(sentence)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
