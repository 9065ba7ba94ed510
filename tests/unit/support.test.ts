// The support chat's pure rules (src/api/support.ts): office hours in the desk's own time zone (Monday first, the
// closing minute outside), the lifecycle table, and the boot data of spec §3.1 read from the session data.
import { describe, expect, it } from 'vitest';
import { canMoveSupport, SUPPORT_LIFECYCLE, SUPPORT_STATES, supportBootData, withinOfficeHours } from '../../src/api/support';
import { sessionFor } from '../support/sessionFixtures';

const WEEKDAY = { abre: '09:00', cierra: '18:00' };
const hours = {
  timeZone: 'America/Mexico_City',
  dias: [WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, null, { abre: '10:00', cierra: '12:30' }],
};

describe('office hours', () => {
  it.each([
    // Wednesday 4 March 2026 in Mexico City (UTC−6).
    ['2026-03-04T15:00:00Z', true, 'Wednesday 9:00, the opening minute'],
    ['2026-03-04T14:59:00Z', false, 'Wednesday 8:59'],
    ['2026-03-04T23:59:00Z', true, 'Wednesday 17:59'],
    ['2026-03-05T00:00:00Z', false, 'Wednesday 18:00, closed (already Thursday in UTC)'],
    ['2026-03-07T17:00:00Z', false, 'Saturday 11:00, closed all day'],
    ['2026-03-08T17:00:00Z', true, 'Sunday 11:00'],
    ['2026-03-08T18:30:00Z', false, 'Sunday 12:30'],
  ])('%s is %s (%s)', (iso, open) => expect(withinOfficeHours(hours, new Date(iso))).toBe(open));

  it('reads the hours on the desk’s clock, not the server’s', () => {
    const tokyo = { ...hours, timeZone: 'Asia/Tokyo' };
    // Wednesday 4 March 2026, 10:00 in Tokyo; 19:00 on Tuesday in Mexico City.
    expect(withinOfficeHours(tokyo, new Date('2026-03-04T01:00:00Z'))).toBe(true);
    expect(withinOfficeHours(hours, new Date('2026-03-04T01:00:00Z'))).toBe(false);
  });
});

describe('the lifecycle', () => {
  it('lets an agent close or set waiting an open conversation, and only reopen a closed one', () => {
    expect(SUPPORT_LIFECYCLE).toEqual({
      abierta: ['esperando', 'cerrada'],
      esperando: ['abierta', 'cerrada'],
      cerrada: ['abierta'],
    });
    for (const state of SUPPORT_STATES) expect(canMoveSupport(state, state)).toBe(false);
    expect(canMoveSupport('cerrada', 'esperando')).toBe(false);
  });
});

describe('the boot data (spec §3.1)', () => {
  it('is the user’s name, e-mail, id, hash and apartment, and the condominium’s id, name and status', () => {
    const data = sessionFor('admin', { usuario: { AptId: 1001, user_hash: 'f'.repeat(64) } });
    expect(supportBootData(data)).toEqual({
      UserId: data.usuario.UserId,
      UserName: data.usuario.UserName,
      UserEmail: data.usuario.UserEmail,
      user_hash: 'f'.repeat(64),
      AptId: 1001,
      CondoId: 1,
      CondoName: 'Residencial Las Palmas',
      CondoStatus: 'A',
    });
  });
});
