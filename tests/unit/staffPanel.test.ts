// The employee panel's shared rules: who opens it and with which role, who checks passes, and the pass
// verdict (src/api/passCheck.ts) the server decides with, day by day and minute by minute.
import { describe, expect, it } from 'vitest';
import { passCodeCandidates, passVerdict, weekdayOf } from '../../src/api/passCheck';
import { canCheckPasses, canSeeEmployeePanel, staffRole } from '../../src/api/permissions';
import { ROLES, sessionFor } from '../support/sessionFixtures';

describe('the employee panel', () => {
  const expected = {
    admin: { role: 'admin', panel: true, check: true },
    board: { role: null, panel: false, check: false },
    resident: { role: null, panel: false, check: false },
    employee: { role: 'employee', panel: true, check: false },
    guard: { role: 'guard', panel: true, check: true },
    supervisor: { role: 'supervisor', panel: true, check: true },
  } as const;

  it.each(ROLES)('the %s', (role) => {
    const data = sessionFor(role);
    expect({ role: staffRole(data), panel: canSeeEmployeePanel(data), check: canCheckPasses(data) }).toEqual(expected[role]);
  });

  it('names the most specific staff role of a person with several', () => {
    const guardAndAdmin = sessionFor('admin', { usuario: { UserIsGuard: 'Y' } });
    expect(staffRole(guardAndAdmin)).toBe('guard');
    const employeeAndAdmin = sessionFor('employee', { usuario: { UserIsAdmin: 'Y' } });
    expect(staffRole(employeeAndAdmin)).toBe('employee');
    expect(canCheckPasses(employeeAndAdmin)).toBe(true);
  });

  it('lets guards and supervisors check passes only with the active ACC-PAS; administrators always', () => {
    const without = (role: 'guard' | 'supervisor' | 'admin', activa: 0 | null) => {
      const data = sessionFor(role);
      const others = data.usuarioPermisos.filter((p) => p.Clave !== 'ACC-PAS');
      return {
        ...data,
        usuarioPermisos: activa === null ? others : [...others, { Clave: 'ACC-PAS', Tipo: 'ver', Activa: activa }],
      };
    };
    for (const role of ['guard', 'supervisor'] as const) {
      expect(canCheckPasses(without(role, null))).toBe(false);
      expect(canCheckPasses(without(role, 0))).toBe(false);
      expect(canSeeEmployeePanel(without(role, null))).toBe(true);
    }
    expect(canCheckPasses(without('admin', null))).toBe(true);
    const employeeWithPermission = sessionFor('employee');
    employeeWithPermission.usuarioPermisos = [{ Clave: 'ACC-PAS', Tipo: 'ver', Activa: 1 }];
    expect(canCheckPasses(employeeWithPermission)).toBe(false);
  });
});

describe('weekdayOf', () => {
  it('names the days Monday first, across months and years', () => {
    expect(
      ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06', '2025-06-07', '2025-06-08'].map(weekdayOf),
    ).toEqual(['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo']);
    expect(weekdayOf('2024-02-29')).toBe('jueves');
    expect(weekdayOf('2026-01-01')).toBe('jueves');
  });
});

describe('passCodeCandidates', () => {
  it('reads a key in any case and with spaces, a QR as it is, and the QR of a pass link', () => {
    expect(passCodeCandidates(' palm as01 ')).toEqual({ qr: 'palm as01', manualKey: 'PALMAS01' });
    expect(passCodeCandidates('aB-9_x')).toEqual({ qr: 'aB-9_x', manualKey: 'AB-9_X' });
    expect(passCodeCandidates('https://x.mx/invitacion/12/aB-9_x').qr).toBe('aB-9_x');
  });
});

describe('passVerdict', () => {
  const pass = {
    FechaInicio: '2025-06-02',
    FechaFin: '2025-07-02',
    HoraInicio: '08:00',
    HoraFin: '17:30',
    DiasAcceso: ['lunes', 'miercoles', 'viernes'],
    revoked: false,
    eventCancelled: false,
  };
  const at = (date: string, time: string) => ({ date, time });

  it.each([
    ['the first day at the first minute', at('2025-06-02', '08:00'), 'valid', null],
    ['the last day at the last minute', at('2025-07-02', '17:30'), 'valid', null],
    ['the day before it starts', at('2025-06-01', '12:00'), 'notToday', 'notStarted'],
    ['the day after it ends', at('2025-07-03', '12:00'), 'notToday', 'expired'],
    ['a weekday it does not list', at('2025-06-03', '12:00'), 'notToday', 'weekday'],
    ['a listed day before its hours', at('2025-06-04', '07:59'), 'outsideHours', 'early'],
    ['a listed day after its hours', at('2025-06-04', '17:31'), 'outsideHours', 'late'],
  ])('%s', (_label, now, verdict, reason) => {
    expect(passVerdict(pass, now)).toEqual({ verdict, reason });
  });

  it('says revoked before anything else, and for a cancelled event', () => {
    expect(passVerdict({ ...pass, revoked: true }, at('2025-06-02', '12:00'))).toEqual({ verdict: 'revoked', reason: 'revoked' });
    expect(passVerdict({ ...pass, eventCancelled: true }, at('2030-01-01', '03:00'))).toEqual({
      verdict: 'revoked',
      reason: 'eventCancelled',
    });
  });

  it('opens any day and any hour within its dates when it lists none', () => {
    const open = { ...pass, DiasAcceso: [], HoraInicio: null, HoraFin: null };
    expect(passVerdict(open, at('2025-06-08', '00:00')).verdict).toBe('valid');
    expect(passVerdict(open, at('2025-06-08', '23:59')).verdict).toBe('valid');
  });

  it("lets an event's guest in from the event's hour to the end of its day", () => {
    const event = {
      ...pass,
      FechaInicio: '2025-06-05',
      FechaFin: '2025-06-05',
      DiasAcceso: [],
      HoraInicio: '19:00',
      HoraFin: null,
    };
    expect(passVerdict(event, at('2025-06-05', '18:59'))).toEqual({ verdict: 'outsideHours', reason: 'early' });
    expect(passVerdict(event, at('2025-06-05', '23:59')).verdict).toBe('valid');
    expect(passVerdict(event, at('2025-06-06', '00:30'))).toEqual({ verdict: 'notToday', reason: 'expired' });
  });
});
