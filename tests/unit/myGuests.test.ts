// The rules of Mis invitados shared by the browser and the server (src/api/myGuests.ts), the WhatsApp link,
// who may use the screen (src/api/permissions.ts), and the Spanish catalog carrying the server's messages.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  emptyEvent,
  emptyPass,
  eventProblems,
  MY_GUESTS_MESSAGES,
  type NewEvent,
  type NewPass,
  passProblems,
  whatsAppUrl,
} from '../../src/api/myGuests';
import { canInviteGuests, canManageCondoLink, canSeeMyGuests } from '../../src/api/permissions';
import { localNow } from '../../src/views/myGuests/localNow';

const NOW = { date: '2025-06-02', time: '12:00' };
const pass = (extra: Partial<NewPass> = {}): NewPass => ({ ...emptyPass('2025-06-02', 7), nombre: 'Julia', ...extra });
const event = (extra: Partial<NewEvent> = {}): NewEvent => ({ ...emptyEvent('2025-06-03', 3), nombre: 'Posada', ...extra });

describe('passProblems', () => {
  it('accepts a complete pass for one of the resident’s dwellings', () => {
    expect(passProblems(pass(), NOW, [7])).toEqual({});
    expect(passProblems(pass({ horaInicio: '08:00', horaFin: '17:30', telefono: '+52 (33) 1234-5678' }), NOW, [7])).toEqual({});
  });

  it('names the first problem of each field', () => {
    expect(
      passProblems(
        pass({ nombre: ' ', email: 'a@b', telefono: '123', fechaInicio: '2025-06-01', fechaFin: '', apartmentId: 8 }),
        NOW,
        [7],
      ),
    ).toEqual({
      nombre: 'nombreRequired',
      email: 'emailInvalid',
      telefono: 'telefonoInvalid',
      fechaInicio: 'fechaInicioPast',
      fechaFin: 'fechaFinRequired',
      apartmentId: 'apartmentRequired',
    });
    expect(passProblems(pass({ fechaInicio: '2025-06-05', fechaFin: '2025-06-04' }), NOW, [7])).toEqual({
      fechaFin: 'fechaFinBeforeStart',
    });
    expect(passProblems(pass({ fechaFin: '2026-06-04' }), NOW, [7])).toEqual({ fechaFin: 'spanTooLong' });
    expect(passProblems(pass({ fechaFin: '2026-06-03' }), NOW, [7])).toEqual({});
    expect(passProblems(pass({ fechaInicio: '2025-02-30' }), NOW, [7]).fechaInicio).toBe('fechaInicioRequired');
  });

  it('wants both hours or neither, the exit after the entry', () => {
    expect(passProblems(pass({ horaInicio: '08:00' }), NOW, [7])).toEqual({ horaFin: 'horasIncomplete' });
    expect(passProblems(pass({ horaFin: '08:00' }), NOW, [7])).toEqual({ horaInicio: 'horasIncomplete' });
    expect(passProblems(pass({ horaInicio: '08:00', horaFin: '08:00' }), NOW, [7])).toEqual({ horaFin: 'horaFinBeforeStart' });
  });

  it('asks domestic passes for weekdays and child passes for the child’s name', () => {
    expect(passProblems(pass({ tipo: 'domestico' }), NOW, [7])).toEqual({ diasAcceso: 'diasRequired' });
    expect(passProblems(pass({ tipo: 'domestico', diasAcceso: ['lunes'] }), NOW, [7])).toEqual({});
    expect(passProblems(pass({ tipo: 'infante' }), NOW, [7])).toEqual({ nombreInfante: 'nombreInfanteRequired' });
    // Other types do not care about a weekday list or a child's name.
    expect(passProblems(pass({ tipo: 'manual' }), NOW, [7])).toEqual({});
  });
});

describe('eventProblems', () => {
  it('accepts a future event with sensible limits', () => {
    expect(eventProblems(event(), NOW, [3])).toEqual({});
    expect(eventProblems(event({ fecha: '2025-06-02', hora: '12:01', puntoDeAccesoId: null }), NOW, [3])).toEqual({});
  });

  it('refuses the past, bad numbers and unknown gates', () => {
    expect(eventProblems(event({ fecha: '2025-06-02', hora: '12:00' }), NOW, [3])).toEqual({ fecha: 'eventPast' });
    expect(
      eventProblems(
        event({
          nombre: '',
          fecha: '',
          hora: '25:00',
          acompanantes: -1,
          limiteInvitados: 501,
          limiteAutos: 2.5,
          puntoDeAccesoId: 4,
        }),
        NOW,
        [3],
      ),
    ).toEqual({
      nombre: 'nombreRequired',
      fecha: 'fechaRequired',
      hora: 'horaRequired',
      acompanantes: 'companionsRange',
      limiteInvitados: 'guestLimitRange',
      limiteAutos: 'vehicleLimitRange',
      puntoDeAccesoId: 'accessPointUnknown',
    });
    expect(eventProblems(event({ limiteInvitados: 5, limiteAutos: 6 }), NOW, [3])).toEqual({ limiteAutos: 'vehicleLimitRange' });
  });
});

describe('sharing and rights', () => {
  it('builds the WhatsApp link with the message encoded', () => {
    expect(whatsAppUrl('Hola Ana: https://x.mx/invitacion/1/a b&c')).toBe(
      'https://wa.me/?text=Hola%20Ana%3A%20https%3A%2F%2Fx.mx%2Finvitacion%2F1%2Fa%20b%26c',
    );
  });

  it('lets members with a dwelling invite, and administrators manage the condo link', () => {
    const apt = [{ AptId: 1, AptName: '101', TorreName: null }];
    expect(canInviteGuests({ usuario: { apartments: apt } })).toBe(true);
    expect(canInviteGuests({ usuario: { apartments: [] } })).toBe(false);
    expect(canManageCondoLink({ usuario: { UserIsAdmin: 'Y' } })).toBe(true);
    expect(canManageCondoLink({ usuario: { UserIsAdmin: 'N' } })).toBe(false);
    expect(canSeeMyGuests({ usuario: { apartments: [], UserIsAdmin: 'Y' } })).toBe(true);
    expect(canSeeMyGuests({ usuario: { apartments: [], UserIsAdmin: 'N' } })).toBe(false);
  });

  it('reads the browser’s day and time', () => {
    expect(localNow(new Date(2025, 5, 2, 9, 5))).toEqual({ date: '2025-06-02', time: '09:05' });
  });
});

describe('the Spanish catalog', () => {
  it('words every rule exactly as the server answers it', () => {
    const es = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../src/i18n/es/invites.json'), 'utf8')) as Record<
      string,
      string
    >;
    for (const [key, message] of Object.entries(MY_GUESTS_MESSAGES)) expect(es[`invites.problem.${key}`], key).toBe(message);
  });
});
