// dayjs follows the interface language; Spanish weeks start on Monday and week 1 holds 4 January.
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { applyDateLanguage } from '../../src/i18n/dates';

afterEach(() => applyDateLanguage('es'));

describe('dates', () => {
  it('speak Spanish by default, with weeks from Monday', () => {
    expect(dayjs('2026-11-25').format('dddd D [de] MMMM')).toBe('miércoles 25 de noviembre');
    expect(dayjs('2026-11-25').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-23');
  });

  it('number Spanish weeks with the first-week rule 4', () => {
    // 1 January 2027 is a Friday: that week has only 3 days of 2027, so it belongs to the last week of 2026.
    expect(dayjs('2027-01-04').week()).toBe(1);
    expect(dayjs('2027-01-01').week()).toBe(53);
    // 1 January 2026 is a Thursday: its week is week 1.
    expect(dayjs('2026-01-01').week()).toBe(1);
  });

  it('follow the language, keeping Monday as the first day', () => {
    applyDateLanguage('en');
    expect(dayjs('2026-11-25').format('dddd D MMMM')).toBe('Wednesday 25 November');
    expect(dayjs('2026-11-25').startOf('week').format('dddd')).toBe('Monday');
    applyDateLanguage('fr');
    expect(dayjs('2026-11-25').format('dddd D MMMM')).toBe('mercredi 25 novembre');
  });
});
