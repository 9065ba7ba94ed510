// Timeline dates in the interface's locale and the condominium's time zone: "21 de noviembre de 2026,
// 10:30" in Spanish. Session data carries no time zone yet, so every condominium uses the default one
// (DESIGN.md §4).
export const CONDO_TIME_ZONE = 'America/Mexico_City';

export function formatTimelineDate(iso: string, locale: string, timeZone = CONDO_TIME_ZONE): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(at);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);
  return `${date}, ${time}`;
}
