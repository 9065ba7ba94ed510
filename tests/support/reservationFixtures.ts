// Facilities, homes and reservations as the RI answers carry them (src/api/reservations.ts), for the machine
// and view tests of the reservation screens. Now is Friday 2026-11-27 10:00 in the condominium.
import type { AvailabilityAnswer, Facility, HomeAnswer, MyDwelling, Reservation } from '../../src/api/reservations';

export const NOW_LOCAL = '2026-11-27T10:00';

export const facility = (extra: Partial<Facility> = {}): Facility => ({
  FacilityId: 3,
  Nombre: 'Salón de fiestas',
  Descripcion: 'Salón con cocina.',
  capacidad: 40,
  exclusiva: true,
  reglamento: 'No se permite música después de las 22:00.',
  horario: Array.from({ length: 7 }, () => ({ abre: '10:00', cierra: '22:00' })),
  unidad: 'bloques',
  duracionBloque: 240,
  minMinutos: 60,
  maxMinutos: 240,
  diasAnticipacion: 30,
  horasCancelacion: 24,
  limite: null,
  requiereAprobacion: false,
  cuotaCents: 50_000,
  depositoCents: 100_000,
  admiteMorosos: false,
  activa: true,
  cierres: [],
  fotos: [],
  reglamentoPdf: null,
  version: 1,
  ...extra,
});

export const dwelling = (extra: Partial<MyDwelling> = {}): MyDwelling => ({
  ApmtId: 101,
  Nombre: 'Torre A - 101',
  moroso: false,
  adeudo: null,
  dias: null,
  ...extra,
});

export const home = (extra: Partial<HomeAnswer> = {}): HomeAnswer => ({
  success: true,
  secciones: [{ SectId: 30, SectName: 'Reservaciones' }],
  zonaHoraria: 'America/Mexico_City',
  ahoraLocal: NOW_LOCAL,
  puedeAdministrar: false,
  viviendas: [dwelling()],
  instalaciones: [facility()],
  porAprobar: 0,
  ...extra,
});

export const ADMIN_HOME = home({ puedeAdministrar: true, porAprobar: 2 });

export const reservation = (extra: Partial<Reservation> = {}): Reservation => ({
  ReservationId: 70,
  FacilityId: 3,
  Instalacion: 'Salón de fiestas',
  ApmtId: 101,
  Vivienda: 'Torre A - 101',
  Reservo: 'Ana Residente',
  fecha: '2026-11-28',
  desde: '14:00',
  hasta: '18:00',
  inicio: '2026-11-28T20:00:00.000Z',
  fin: '2026-11-29T00:00:00.000Z',
  personas: 20,
  nota: '',
  estado: 'confirmada',
  fase: 'proxima',
  motivo: null,
  cuotaCents: 50_000,
  depositoCents: 100_000,
  deposito: 'retenido',
  creada: '2026-11-20T18:00:00.000Z',
  acciones: ['cancelar'],
  accionesDeposito: [],
  cancelarAntesDe: '2026-11-27T20:00:00.000Z',
  version: 1,
  ...extra,
});

/** One day's availability: the blocks of a 10:00–22:00 day, the second taken. */
export const availability = (fecha = '2026-11-27', dias = 1): AvailabilityAnswer => ({
  success: true,
  ahoraLocal: NOW_LOCAL,
  dias: Array.from({ length: dias }, (_, i) => {
    const day = new Date(Date.parse(`${fecha}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    return {
      fecha: day,
      horario: { abre: '10:00', cierra: '22:00' },
      opciones: [
        { desde: '10:00', hasta: '14:00', estado: day === '2026-11-27' ? 'pasado' : 'libre', lugares: 40 },
        { desde: '14:00', hasta: '18:00', estado: 'ocupado', lugares: 0 },
        { desde: '18:00', hasta: '22:00', estado: 'libre', lugares: 40 },
      ],
      ocupados: [
        { desde: `${day}T14:00`, hasta: `${day}T18:00`, personas: 20, propia: false, ReservationId: null, Vivienda: null },
      ],
      cierres: [],
    };
  }),
});

export const CLOSED_DAY: AvailabilityAnswer = {
  success: true,
  ahoraLocal: NOW_LOCAL,
  dias: [{ fecha: '2026-11-30', horario: null, opciones: [], ocupados: [], cierres: [] }],
};
