// The iCalendar writer of the personal feed (server/domain/calendar/ics.ts): RFC 5545 line folding at 75 octets
// on UTF-8 boundaries, TEXT escaping, CRLF line ends, UTC times, and a calendar ical.js reads back as written.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, type IcsEvent, utcStamp, writeIcs } from '../../server/domain/calendar/ics';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');
const unfold = (s: string) => s.replace(/\r\n /g, '');

describe('ics', () => {
  it('escapes backslash, semicolon, comma and every kind of newline in TEXT', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('Sin nada raro: 10:00')).toBe('Sin nada raro: 10:00');
  });

  it('writes instants as UTC basic format', () => {
    expect(utcStamp('2026-12-05T01:30:00.000Z')).toBe('20261205T013000Z');
    expect(utcStamp(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });

  it('leaves a short line alone and folds a long one into lines of at most 75 octets', () => {
    expect(foldLine('SUMMARY:corto')).toBe('SUMMARY:corto');
    const long = `DESCRIPTION:${'x'.repeat(200)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBe(3);
    expect(lines[0]).toHaveLength(75);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    expect(unfold(folded)).toBe(long);
  });

  it('never cuts inside a multi-byte character', () => {
    // 2-byte (ñ, á), 3-byte (—) and 4-byte (🎄) characters around every possible cut.
    for (const filler of ['ñ', 'á—', '🎄', 'aé🎄—']) {
      for (let pad = 0; pad < 4; pad++) {
        const line = `SUMMARY:${'a'.repeat(pad)}${filler.repeat(60)}`;
        const folded = foldLine(line);
        for (const physical of folded.split('\r\n')) {
          expect(octets(physical)).toBeLessThanOrEqual(75);
          // A cut inside a sequence would leave a replacement character or a lone surrogate.
          expect(Buffer.from(physical, 'utf8').toString('utf8')).toBe(physical);
          expect(physical).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        }
        expect(unfold(folded)).toBe(line);
      }
    }
  });

  const events: IcsEvent[] = [
    {
      uid: 'evento-1@example.test',
      start: '2026-12-12T00:00:00.000Z',
      end: '2026-12-12T05:00:00.000Z',
      summary: 'Posada navideña; trae tu taza, tu suéter y ánimo',
      location: 'Jardín central',
      description: `Primera línea\nSegunda línea con \\ y ; y , ${'larga '.repeat(20)}`,
      url: 'https://palmas.example.test/condominio/comunicacion/calendario-eventos?evento=1',
      status: 'CONFIRMED',
    },
    {
      uid: 'encuesta-3@example.test',
      start: '2026-12-20T06:00:00.000Z',
      end: '2026-12-20T06:00:00.000Z',
      summary: 'Cierre de votación: Impermeabilización',
      location: null,
      description: null,
      url: null,
      status: 'TENTATIVE',
    },
    {
      uid: 'evento-2@example.test',
      start: '2026-12-01T15:00:00.000Z',
      end: '2026-12-01T17:00:00.000Z',
      summary: 'Mantenimiento de elevadores',
      location: null,
      description: null,
      url: null,
      status: 'CANCELLED',
    },
  ];

  it('writes a calendar with CRLF line ends that ical.js reads back as written', () => {
    const text = writeIcs({
      name: 'Residencial Las Palmas, A.C.',
      timeZone: 'America/Mexico_City',
      stamp: '2026-11-21T18:00:00Z',
      events,
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(text).toContain('\r\nVERSION:2.0\r\n');
    expect(text).toContain('\r\nCALSCALE:GREGORIAN\r\n');
    expect(text).toContain('\r\nMETHOD:PUBLISH\r\n');
    expect(text).toContain('\r\nDTSTART:20261212T000000Z\r\n');

    const calendar = new ICAL.Component(ICAL.parse(text));
    // ical.js does not know X-WR-CALNAME's type and hands back its raw value: the escaped TEXT (as Google writes it).
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Residencial Las Palmas\\, A.C.');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/Mexico_City');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(3);
    const [posada, closing, cancelled] = vevents.map((v) => new ICAL.Event(v));
    expect(posada!.summary).toBe(events[0]!.summary);
    expect(posada!.description).toBe(events[0]!.description);
    expect(posada!.location).toBe('Jardín central');
    expect(posada!.uid).toBe('evento-1@example.test');
    expect(posada!.startDate.toJSDate().toISOString()).toBe('2026-12-12T00:00:00.000Z');
    expect(posada!.endDate.toJSDate().toISOString()).toBe('2026-12-12T05:00:00.000Z');
    expect(posada!.startDate.zone.tzid).toBe('UTC');
    expect(vevents[0]!.getFirstPropertyValue('url')).toBe(events[0]!.url);
    expect(vevents[0]!.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(closing!.startDate.toJSDate().getTime()).toBe(closing!.endDate.toJSDate().getTime());
    expect(vevents[1]!.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(vevents[1]!.getFirstPropertyValue('location')).toBeNull();
    expect(vevents[2]!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled!.summary).toBe('Mantenimiento de elevadores');
  });
});
