// How mi-perfil words a dwelling and how the timeline writes its dates: in the interface's locale and the
// condominium's time zone ("21 de noviembre de 2026, 10:30").
import { describe, expect, it } from 'vitest';
import { formatTimelineDate } from '../../src/views/common/zonedTime';
import { dwellingLabel } from '../../src/views/profile/DwellingsCard';

const MEXICO_CITY = 'America/Mexico_City';

describe('formatTimelineDate', () => {
  const at = '2026-11-21T16:30:00.000Z';

  it('writes the date in words and a 24-hour time, in Mexico City time', () => {
    expect(formatTimelineDate(at, 'es-MX', MEXICO_CITY)).toBe('21 de noviembre de 2026, 10:30');
    expect(formatTimelineDate(at, 'en-US', MEXICO_CITY)).toBe('November 21, 2026, 10:30');
    expect(formatTimelineDate(at, 'fr-FR', MEXICO_CITY)).toBe('21 novembre 2026, 10:30');
  });

  it('writes the time on the zone it is given: Tijuana is two hours behind Mexico City in November', () => {
    expect(formatTimelineDate(at, 'es-MX', 'America/Tijuana')).toBe('21 de noviembre de 2026, 08:30');
  });

  it('crosses midnight in the condominium’s time zone, not UTC', () => {
    expect(formatTimelineDate('2026-11-22T03:15:00.000Z', 'es-MX', MEXICO_CITY)).toBe('21 de noviembre de 2026, 21:15');
  });

  it('shows an unreadable date as it came', () => {
    expect(formatTimelineDate('ayer', 'es-MX', MEXICO_CITY)).toBe('ayer');
  });
});

describe('dwellingLabel', () => {
  it('is "tower - dwelling", or the dwelling alone outside any tower', () => {
    expect(dwellingLabel({ TorreName: 'Torre A', AptName: '101' })).toBe('Torre A - 101');
    expect(dwellingLabel({ TorreName: null, AptName: 'Casa 3' })).toBe('Casa 3');
  });
});
