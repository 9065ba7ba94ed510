// How the pass and the guest form write dates and hours (spec §9): events DD/MM/YYYY hh:mm A, pass hours
// h:mm A, dates DD/MM/YYYY; map links; 'Torre - apartamento'.
import { describe, expect, it } from 'vitest';
import { dwellingText, formatDate, formatEventStart, formatHour, mapLink } from '../../src/views/common/passFormat';

describe('pass formats', () => {
  it('writes dates, hours and event starts as the spec says', () => {
    expect(formatDate('2025-06-02')).toBe('02/06/2025');
    expect(formatHour('08:00')).toBe('8:00 AM');
    expect(formatHour('00:05')).toBe('12:05 AM');
    expect(formatHour('12:30')).toBe('12:30 PM');
    expect(formatHour('17:30')).toBe('5:30 PM');
    expect(formatEventStart('2025-06-05', '19:00')).toBe('05/06/2025 07:00 PM');
    expect(formatEventStart('2025-12-31', '09:15')).toBe('31/12/2025 09:15 AM');
  });

  it('links to the map by coordinates, else by address, and writes the dwelling', () => {
    expect(mapLink({ Coordinates: '20.71,-103.41', Address: 'x', Nombre: 'y' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=20.71%2C-103.41',
    );
    expect(mapLink({ Coordinates: null, Address: 'Calle 1', Nombre: 'y' })).toContain('query=Calle%201');
    expect(dwellingText('Torre A', '101')).toBe('Torre A - 101');
    expect(dwellingText(null, 'Casa 3')).toBe('Casa 3');
    expect(dwellingText('Torre A', null)).toBeNull();
  });
});
