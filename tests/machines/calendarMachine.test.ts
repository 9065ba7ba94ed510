// The events calendar screen, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises. Each state checks what is asked of
// the server (the period of the view: a six-week month, a week, 31 days of agenda; the kinds) and what the
// screen allows; opening an item emits its path, others' reservations do not open. Plus the rules of days.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { CalendarItem } from '../../src/api/calendar';
import { calendarMachine, todayOf } from '../../src/machines/calendarMachine';
import { calendarQuery, itemsByDay, mondayOf, opensItem, step, tiposParam, visibleRange } from '../../src/machines/calendarRange';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { answerFor, calendarModel, SERVER_ERROR } from '../models/calendarMachine.model';
import { BUSY, GUESTS, ITEMS, OWN_RESERVATION, POSADA, RESIDENT_HOME, TODAY } from '../support/calendarFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof calendarMachine>;
const cover = coverModel(calendarModel);
const days = (desde: string, hasta: string) => (Date.parse(hasta) - Date.parse(desde)) / 86_400_000 + 1;

describe('calendarMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof calendarMachine>;
  let navigated: string[] = [];
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    loadingHome: () => {
      expect(calls.pending()).toEqual(['fetchCalendarHome']);
      expect(can({ type: 'next' })).toBe(false);
    },
    homeFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    forbidden: () => {
      expect(calls.pending()).toEqual([]);
      expect([can({ type: 'retry' }), can({ type: 'refresh' }), can({ type: 'next' })]).toEqual([false, false, false]);
    },
    calendar: (s) => {
      expect(s.context.home).toBe(RESIDENT_HOME);
      expect(s.context.kinds.length).toBeGreaterThan(0);
      // The last kind cannot be unticked; Hoy only moves when away from today.
      if (s.context.kinds.length === 1) expect(can({ type: 'toggleKind', kind: s.context.kinds[0]! })).toBe(false);
      expect(can({ type: 'today' })).toBe(s.context.anchor !== TODAY);
      expect(can({ type: 'open', item: BUSY })).toBe(false);
    },
    'calendar.loading': (s) => {
      expect(calls.pending()).toEqual(['fetchCalendarItems']);
      const query = calls.inputOf('fetchCalendarItems') as ReturnType<typeof calendarQuery>;
      expect(query).toEqual(calendarQuery(s.context.view, s.context.anchor, s.context.kinds));
      expect(days(query.desde, query.hasta)).toBe({ month: 42, week: 7, agenda: 31 }[s.context.view]);
    },
    'calendar.failed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect([callFailure(SERVER_ERROR), NETWORK_FAILURE]).toContainEqual(s.context.failure);
      expect(can({ type: 'retry' })).toBe(true);
    },
    'calendar.empty': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.items).toEqual([]);
      expect(answerFor(s.context).items).toEqual([]);
    },
    'calendar.shown': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.items).toEqual(answerFor(s.context).items);
      expect(can({ type: 'open', item: POSADA })).toBe(true);
    },
  };

  walkModel(it, cover, calendarMachine, states, (input) => {
    calls = controllablePromises();
    navigated = [];
    actor = createActor(provideCalls(calendarMachine, calls), { input: input as { view?: 'agenda' } });
    actor.on('navigate', (event) => navigated.push(event.to));
    actor.start();
    return {
      actor,
      calls,
      after: {
        open: (step) => {
          const item = (step.event as unknown as { item: CalendarItem }).item;
          expect(navigated).toEqual(opensItem(item) ? [item.ruta] : []);
        },
        // A view or filter keeps the period's anchor; Hoy brings it back.
        today: () => expect(actor.getSnapshot().context.anchor).toBe(TODAY),
      },
    };
  });
});

describe('calendar days', () => {
  it('takes today from the condominium’s local now', () => expect(todayOf(RESIDENT_HOME)).toBe(TODAY));

  it('shows six weeks from the Monday before the first of the month', () => {
    expect(visibleRange('month', TODAY)).toEqual({ desde: '2026-10-26', hasta: '2026-12-06' });
    // February 2027 starts on a Monday.
    expect(visibleRange('month', '2027-02-15')).toEqual({ desde: '2027-02-01', hasta: '2027-03-14' });
  });

  it('shows a week from Monday to Sunday, and 31 days of agenda', () => {
    expect(mondayOf('2026-11-15')).toBe('2026-11-09');
    expect(visibleRange('week', TODAY)).toEqual({ desde: '2026-11-09', hasta: '2026-11-15' });
    expect(visibleRange('agenda', TODAY)).toEqual({ desde: TODAY, hasta: '2026-12-12' });
  });

  it('moves by a month (from its first day), a week, or 31 days', () => {
    expect(step('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(step('month', TODAY, -1)).toBe('2026-10-01');
    expect(step('month', '2026-12-12', 1)).toBe('2027-01-01');
    expect(step('week', TODAY, 1)).toBe('2026-11-16');
    expect(step('agenda', TODAY, -1)).toBe('2026-10-12');
  });

  it('asks for kinds only when some are left out, in the contract’s order', () => {
    expect(tiposParam(['evento', 'asamblea', 'reservacion', 'invitados', 'encuesta'])).toBeUndefined();
    expect(tiposParam(['encuesta', 'evento'])).toBe('evento,encuesta');
    expect(calendarQuery('week', TODAY, ['asamblea'])).toEqual({ desde: '2026-11-09', hasta: '2026-11-15', tipos: 'asamblea' });
  });

  it('groups the agenda by the day items start on, in order', () => {
    expect(itemsByDay(ITEMS).map(({ day, items }) => [day, items.map((i) => i.clave)])).toEqual([
      ['2026-11-13', [OWN_RESERVATION.clave, POSADA.clave]],
      ['2026-11-15', [BUSY.clave]],
      ['2026-11-19', ['evento-22']],
      ['2026-11-22', [GUESTS.clave]],
      ['2026-11-27', ['encuesta-3']],
    ]);
  });

  it('opens everything but others’ reservations', () => {
    expect(ITEMS.filter(opensItem).map((i) => i.clave)).not.toContain(BUSY.clave);
    expect(opensItem(GUESTS)).toBe(true);
  });
});
