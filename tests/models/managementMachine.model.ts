// Management control's summary as a test model: the first load (shown, or failed with a retry) and Actualizar,
// which keeps the figures on screen and says so when it fails. Its scenarios: docs/scenarios/managementMachine.md.
import type { ManagementSummary, ManagementSummaryAnswer } from '../../src/api/management';
import { managementMachine } from '../../src/machines/managementMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';

const EMPTY_MONTH = {
  desde: '2026-03-01',
  hasta: '2026-03-18',
  ingresos: 0,
  egresos: 0,
  presupuestoIngresos: null,
  presupuestoEgresos: null,
};

export function summary(extra: Partial<ManagementSummary> = {}): ManagementSummary {
  return {
    hoy: '2026-03-18',
    cobranza: {
      mes: 90_000,
      mesAnterior: 30_000,
      presupuesto: 100_000,
      enlace: '/panel-financiero/ver-reporte?Clave=DetIng&Nombre=Ingresos',
    },
    morosidad: {
      rangos: [
        { rango: '0-30', monto: 50_000, viviendas: 1 },
        { rango: '31-60', monto: 0, viviendas: 0 },
        { rango: '61-90', monto: 20_000, viviendas: 1 },
        { rango: '90+', monto: 50_000, viviendas: 1 },
      ],
      monto: 120_000,
      viviendas: 3,
      enlace: '/panel-financiero/ver-reporte?Clave=Morosos&Nombre=Morosos',
    },
    resultados: {
      mes: { ...EMPTY_MONTH, ingresos: 92_000, egresos: 45_000, presupuestoIngresos: 101_000, presupuestoEgresos: 50_000 },
      anio: {
        ...EMPTY_MONTH,
        desde: '2026-01-01',
        ingresos: 122_000,
        egresos: 100_000,
        presupuestoIngresos: 303_000,
        presupuestoEgresos: 150_000,
      },
      enlaceIngresos: '/panel-financiero/ver-reporte?Clave=DetIng&Nombre=Ingresos',
      enlaceEgresos: '/panel-financiero/ver-reporte?Clave=DetEg&Nombre=Egresos',
      enlacePresupuesto: '/panel-financiero/ver-reporte?Clave=Presup&Nombre=Presupuestos',
    },
    bancos: {
      filas: [
        { id: 1, nombre: 'Banco del Bosque', tipo: 'banco', saldo: 122_000 },
        { id: 2, nombre: 'Caja chica', tipo: 'caja', saldo: 5_000 },
      ],
      total: 127_000,
      enlace: '/panel-financiero/listado-de-bancos',
    },
    fondos: { filas: [{ id: 1, nombre: 'Fondo de reserva', tipo: 'fondo', saldo: 40_000 }], total: 40_000, enlace: null },
    visitas: {
      semanas: [
        { desde: '2026-02-19', hasta: '2026-02-25', pases: 1, registros: 0 },
        { desde: '2026-02-26', hasta: '2026-03-04', pases: 0, registros: 0 },
        { desde: '2026-03-05', hasta: '2026-03-11', pases: 0, registros: 1 },
        { desde: '2026-03-12', hasta: '2026-03-18', pases: 2, registros: 0 },
      ],
      enlace: '/mis-invitados',
    },
    solicitudes: {
      rangos: [
        { rango: '0-2', total: 1 },
        { rango: '3-7', total: 1 },
        { rango: '8-30', total: 1 },
        { rango: '30+', total: 1 },
      ],
      total: 4,
      enlace: null,
    },
    reservaciones: {
      desde: '2026-03-16',
      hasta: '2026-03-22',
      confirmadas: 2,
      pendientes: 1,
      enlace: '/comunicacion/instalaciones',
    },
    encuestas: [
      {
        id: 7,
        titulo: 'Pintura de fachadas',
        fase: 'abierta',
        cierra: '2026-03-26T05:30:00.000Z',
        conteo: 'vivienda',
        votantes: 2,
        electorado: 3,
        participacion: 6_667,
        enlace: '/comunicacion/encuestas?PollId=7',
      },
    ],
    ...extra,
  };
}

export const FIRST: ManagementSummaryAnswer = { success: true, data: summary() };
export const LATER: ManagementSummaryAnswer = {
  success: true,
  data: summary({ cobranza: { ...summary().cobranza, mes: 140_000 } }),
};

export const managementModel = defineModel({
  machine: managementMachine,
  payloads: {
    retry: BARE,
    refresh: BARE,
    'xstate.done.actor.summary': [{ output: FIRST }],
    'xstate.error.actor.summary': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.refresh': [{ output: LATER }],
    'xstate.error.actor.refresh': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      loading: 'Control gerencial shows the skeleton of its cards while the summary loads.',
      failed: 'No pudimos cargar el control gerencial, with Reintentar.',
      ready: 'The cards: collection, arrears by age, results against budget, balances, visits, requests, reservations, polls.',
      refreshing: 'The figures stay on screen while fresh ones load; Actualizar is busy.',
    },
    events: {
      retry: () => 'presses Reintentar',
      refresh: () => 'presses Actualizar',
      'xstate.done.actor.summary': () => 'the server answers the summary',
      'xstate.error.actor.summary': () => 'the connection fails',
      'xstate.done.actor.refresh': () => 'the server answers fresh figures (a payment arrived)',
      'xstate.error.actor.refresh': () => 'the refresh fails',
    },
  },
});
