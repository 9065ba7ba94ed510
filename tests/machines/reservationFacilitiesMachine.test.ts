// The instalaciones screen, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises. Each state checks what is asked of
// the server and which tabs the caller has; plus the rules of tabs, queries and filters.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { RESERVATIONS_PAGE_SIZE } from '../../src/api/reservations';
import {
  facilityTabs,
  filtersValid,
  listQuery,
  NO_FILTERS,
  reservationFacilitiesMachine,
} from '../../src/machines/reservationFacilitiesMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import {
  BACKWARDS,
  FILTERED,
  pageFor,
  reservationFacilitiesModel,
  SERVER_ERROR,
} from '../models/reservationFacilitiesMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { ADMIN_HOME, home } from '../support/reservationFixtures';

type Snap = Snapshot<typeof reservationFacilitiesMachine>;
const cover = coverModel(reservationFacilitiesModel);

describe('reservationFacilitiesMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof reservationFacilitiesMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    loadingHome: () => {
      expect(calls.pending()).toEqual(['fetchReservationsHome']);
      expect(can({ type: 'chooseTab', tab: 'mias' })).toBe(false);
    },
    homeFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    noSections: () => {
      expect(calls.pending()).toEqual([]);
      expect([can({ type: 'retry' }), can({ type: 'reload' })]).toEqual([false, false]);
    },
    ready: (s) => {
      expect(facilityTabs(s.context.home)).toContain(s.context.tab);
      expect(can({ type: 'chooseTab', tab: 'porAprobar' })).toBe(
        s.context.home!.puedeAdministrar && s.context.tab !== 'porAprobar',
      );
    },
    'ready.deciding': () => {
      throw new Error('deciding is left at once');
    },
    'ready.facilities': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.tab).toBe('instalaciones');
      expect(s.context.home!.instalaciones.length).toBeGreaterThan(0);
    },
    'ready.noFacilities': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.home!.instalaciones).toEqual([]);
    },
    'ready.loading': (s) => {
      expect(calls.pending()).toEqual(['fetchReservations']);
      expect(calls.inputOf('fetchReservations')).toEqual(listQuery(s.context));
    },
    'ready.failed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'refused', message: SERVER_ERROR.message });
      expect(can({ type: 'retry' })).toBe(true);
    },
    'ready.empty': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(pageFor(s.context));
      expect(s.context.answer!.total).toBe(0);
    },
    'ready.shown': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(pageFor(s.context));
      const pages = Math.ceil(s.context.answer!.total / RESERVATIONS_PAGE_SIZE);
      expect(can({ type: 'goToPage', page: 2 })).toBe(pages >= 2 && s.context.page !== 2);
      expect(can({ type: 'filter', filters: BACKWARDS })).toBe(false);
    },
  };

  walkModel(it, cover, reservationFacilitiesMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(reservationFacilitiesMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});

describe('reservationFacilitiesMachine rules', () => {
  it('offers the administration’s tabs to administrators, mine to those with a dwelling', () => {
    expect(facilityTabs(ADMIN_HOME)).toEqual(['instalaciones', 'mias', 'porAprobar', 'todas']);
    expect(facilityTabs(home())).toEqual(['instalaciones', 'mias']);
    expect(facilityTabs(home({ viviendas: [] }))).toEqual(['instalaciones']);
  });

  it('asks the queue as pending reservations and all by the filters, a page at a time', () => {
    const paging = { limit: RESERVATIONS_PAGE_SIZE, offset: RESERVATIONS_PAGE_SIZE };
    expect(listQuery({ tab: 'porAprobar', fase: 'proximas', filters: NO_FILTERS, page: 2 })).toEqual({
      kind: 'admin',
      query: { estado: 'pendiente', ...paging },
    });
    expect(listQuery({ tab: 'todas', fase: 'proximas', filters: FILTERED, page: 2 })).toEqual({
      kind: 'admin',
      query: { estado: 'confirmada', desde: '2026-11-01', hasta: '2026-11-30', ...paging },
    });
    expect(listQuery({ tab: 'mias', fase: 'pasadas', filters: NO_FILTERS, page: 1 })).toEqual({
      kind: 'mine',
      query: { fase: 'pasadas', limit: RESERVATIONS_PAGE_SIZE, offset: 0 },
    });
    expect([filtersValid(FILTERED), filtersValid(BACKWARDS)]).toEqual([true, false]);
  });
});
