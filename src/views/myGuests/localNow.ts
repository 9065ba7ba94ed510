// The browser's calendar day and time (YYYY-MM-DD, HH:mm), what the forms' rules compare with. The server
// checks again in the condominium's time zone.
import type { LocalNow } from '../../api/myGuests';

const pad = (n: number) => String(n).padStart(2, '0');

export function localNow(at = new Date()): LocalNow {
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}
