// Fixtures of the guest registration machine shared by its headless model test and its Chromium walk: what
// loading a link can answer (spec §4), what a registration can answer, and the order the form is filled in.
import type { GuestFormInfo, GuestRegistered } from '../../src/api/guests';
import type { GuestRegistrationEvent, guestRegistrationMachine } from '../../src/machines/guestRegistrationMachine';
import type { GuestFormResult, RegisterResult } from '../../src/services/guestsService';
import type { Snapshot } from './modelTesting';

type Snap = Snapshot<typeof guestRegistrationMachine>;

export const OPENED_AT = Date.parse('2025-06-02T18:00:00Z');
const HOUR = 3_600_000;

export function info(type: string, data: Partial<GuestFormInfo['data']> = {}, flags: Partial<GuestFormInfo> = {}): GuestFormInfo {
  return {
    success: true,
    type,
    token: 't',
    maxInvitados: false,
    maxAutos: false,
    ...flags,
    data: {
      Nombre: type === 'event' ? 'Cumpleaños de Rosa' : null,
      Descripcion: null,
      UserName: 'Rosa Hernández Díaz',
      FechaInicio: null,
      HoraInicio: null,
      InicioUtc: type === 'event' ? new Date(OPENED_AT + 48 * HOUR).toISOString() : null,
      NumeroDeAsistentes: type === 'event' ? 2 : 0,
      Estatus: type === 'event' ? 'activo' : null,
      NotaVisitante: null,
      Invitacion: null,
      PuntoDeAcceso: null,
      Torre: 'Torre A',
      AptName: '101',
      condo: { CondoId: 1, CondoName: 'Residencial Las Palmas' },
      torres: type === 'condo' ? [{ id: 1, nombre: 'Torre A' }] : null,
      apartments:
        type === 'condo'
          ? [
              { ApmtId: 11, AptName: '101', Torre: 1 },
              { ApmtId: 12, AptName: 'Casa 1', Torre: null },
            ]
          : null,
      users:
        type === 'condo'
          ? [
              { UserId: 5, UserName: 'Rosa', AptId: 11 },
              { UserId: 6, UserName: 'Emilio', AptId: 12 },
            ]
          : null,
      settings: { general: { datosARegistrar: { formaDeAcceso: true, placas: true } } },
      ...data,
    },
  };
}

/** What loading a link can answer: one of each kind of link and state (spec §4). */
export const LOADS: Record<string, GuestFormResult> = {
  notFound: { kind: 'invalid' },
  unknownType: { kind: 'form', info: info('otro') },
  cancelled: { kind: 'form', info: info('event', { Estatus: 'cancelado' }) },
  ended: { kind: 'form', info: info('event', { InicioUtc: new Date(OPENED_AT - 12 * HOUR - 60_000).toISOString() }) },
  full: { kind: 'form', info: info('event', {}, { maxInvitados: true }) },
  event: { kind: 'form', info: info('event') },
  noParking: { kind: 'form', info: info('event', {}, { maxAutos: true }) },
  user: { kind: 'form', info: info('user') },
  condo: { kind: 'form', info: info('condo') },
};

export const REGISTERED: GuestRegistered = {
  success: true,
  QR: 'QR-1',
  ClaveManual: 'ABCD2345',
  CondoId: 1,
  PuntoDeAcceso: null,
};
export const ANSWERS: RegisterResult[] = [
  { kind: 'registered', answer: REGISTERED },
  { kind: 'vehicleLimit' },
  { kind: 'guestLimit' },
  { kind: 'cancelled' },
  { kind: 'ended' },
  { kind: 'invalid' },
];

type FieldChange = Extract<GuestRegistrationEvent, { type: 'field.change' }>;

/** The form filled one field at a time, so the model's states form a short chain per kind of link. */
export function nextField(s: Snap): FieldChange | null {
  const { values, shape } = s.context;
  const change = (field: FieldChange['field'], value: FieldChange['value']): FieldChange => ({
    type: 'field.change',
    field,
    value,
  });
  if (!values.nombre) return change('nombre', 'Mario Núñez');
  if (!values.email) return change('email', 'mario@correo.mx');
  if (!values.confirmEmail) return change('confirmEmail', 'otro@correo.mx');
  if (values.confirmEmail !== values.email) return change('confirmEmail', 'mario@correo.mx');
  if (shape!.companions > 0 && values.numDeInvitados === null) return change('numDeInvitados', 2);
  if (shape!.type === 'condo') {
    if (!values.torre) return change('torre', 'none');
    if (values.apartment === null) return change('apartment', 12);
    if (values.user === null) return change('user', 6);
  }
  if (values.formaDeAcceso === 'pie' && !values.placas && !s.context.parkingFull && shape!.type === 'event')
    return change('formaDeAcceso', 'auto');
  if (values.formaDeAcceso === 'auto' && !values.placas) return change('placas', 'JAL-123');
  return null;
}
