// How the pass and the guest form write dates, hours and map links (spec §9): events as
// DD/MM/YYYY hh:mm A, pass hours as h:mm A, dates as DD/MM/YYYY. Plain string work on the server's
// YYYY-MM-DD and HH:mm (already in the condominium's time zone): visitor pages stay light without dayjs.

const pad = (n: number) => String(n).padStart(2, '0');

function clock(time: string): { hour12: number; minute: string; meridiem: 'AM' | 'PM' } {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return { hour12: h % 12 === 0 ? 12 : h % 12, minute: pad(m), meridiem: h < 12 ? 'AM' : 'PM' };
}

/** '2025-06-02' → '02/06/2025'. */
export function formatDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** '17:30' → '5:30 PM'. */
export function formatHour(time: string): string {
  const { hour12, minute, meridiem } = clock(time);
  return `${hour12}:${minute} ${meridiem}`;
}

/** '2025-06-05', '19:00' → '05/06/2025 07:00 PM'. */
export function formatEventStart(date: string, time: string): string {
  const { hour12, minute, meridiem } = clock(time);
  return `${formatDate(date)} ${pad(hour12)}:${minute} ${meridiem}`;
}

/** A map search for "latitude,longitude", or for the address when there are no coordinates. */
export function mapLink(point: { Coordinates: string | null; Address: string | null; Nombre: string }): string {
  const query = point.Coordinates?.trim() || point.Address?.trim() || point.Nombre;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** 'Torre A - 101', or the dwelling alone when it is outside any tower. */
export function dwellingText(tower: string | null, apartment: string | null): string | null {
  if (!apartment) return null;
  return tower ? `${tower} - ${apartment}` : apartment;
}
