// iCalendar (RFC 5545) writing for the personal calendar feed: a small pure module, no I/O. Lines end in CRLF
// and are folded at 75 octets without splitting a UTF-8 sequence (§3.1); TEXT values escape backslash,
// semicolon, comma and newlines (§3.3.11); times are UTC ('…Z'), so no VTIMEZONE is needed.

export type IcsStatus = 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';

export interface IcsEvent {
  uid: string;
  /** ISO-8601 instants. A moment (a poll's closing) has end equal to start. */
  start: string;
  end: string;
  summary: string;
  location: string | null;
  description: string | null;
  url: string | null;
  status: IcsStatus;
}

export interface IcsCalendar {
  /** X-WR-CALNAME: the condominium's name. */
  name: string;
  /** X-WR-TIMEZONE: the condominium's zone (a hint to clients; the times themselves are UTC). */
  timeZone: string;
  /** DTSTAMP of every event: when the feed was written. */
  stamp: string;
  events: readonly IcsEvent[];
}

const PRODID = '-//Condominio//Calendario de eventos//ES';
const MAX_OCTETS = 75;

/** A TEXT value: backslash first, then ; , and every newline as \n (a bare CR is dropped). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\n|\r/g, '\\n');
}

/** 'YYYYMMDDTHHMMSSZ' of an instant. */
export function utcStamp(instant: string | Date): string {
  const iso = (typeof instant === 'string' ? new Date(instant) : instant).toISOString();
  return `${iso.slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/**
 * One content line folded to at most 75 octets per physical line: continuation lines start with a space (which
 * counts towards their 75), and a cut never falls inside a character's UTF-8 bytes (nor between the halves of a
 * surrogate pair, as iteration is by code point).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      // Every continuation line begins with the folding space.
      limit = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  // A URI value, not TEXT: no escaping (our URLs carry none of the characters folding cares about).
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.status}`, 'END:VEVENT');
  return lines;
}

/** The whole VCALENDAR, CRLF after every line (the last included). */
export function writeIcs(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${escapeText(calendar.timeZone)}`,
    ...calendar.events.flatMap((event) => eventLines(event, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
