// What the support screens share: a message's time (the time alone today, the date too otherwise) on a given
// clock (the condominium's in the administrators' panel, the browser's at the desk), and a machine's state as a
// dotted name for data-state (the browser tests read it).

function parts(at: Date, locale: string, timeZone: string | undefined) {
  const zone = timeZone ? { timeZone } : {};
  const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', ...zone }).format(at);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...zone }).format(at);
  return { day, time };
}

export function supportTime(iso: string, locale: string, timeZone?: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const { day, time } = parts(at, locale, timeZone);
  return day === parts(now, locale, timeZone).day ? time : `${day} ${time}`;
}

export function stateName(value: string | object): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value)[0] ?? ['', ''];
  return `${key}.${stateName(child as string | object)}`;
}
