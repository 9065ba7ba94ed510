// Anexo 20's Fecha and FechaPago are the issuer's local time without a zone. The product's condominiums are
// in Mexico; the centre's zone (America/Mexico_City, no daylight saving since 2022) is the one used.
const FORMAT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/Mexico_City',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** YYYY-MM-DDTHH:mm:ss in Mexico City. */
export const mexicoLocal = (at: Date) => FORMAT.format(at).replace(' ', 'T');
