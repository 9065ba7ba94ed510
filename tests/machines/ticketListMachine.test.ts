// A list of requests, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose list call is a controllable promise and whose debounce runs on a simulated
// clock (checked to take exactly TICKET_SEARCH_DEBOUNCE_MS). Each state checks what is asked of the server:
// the section or every section, the filters, the trimmed search, the page's offset. Plus the rules: each
// keystroke starts the wait again, a filter goes at once and takes the typed search along, the assignee filter
// only for administrators, page numbers within the pages there are.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise, SimulatedClock } from 'xstate';
import { TICKET_SEARCH_DEBOUNCE_MS, TICKETS_PAGE_SIZE } from '../../src/api/tickets';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { isFiltered, NO_FILTERS, ticketListMachine, ticketListParams } from '../../src/machines/ticketListMachine';
import type { TicketListParams } from '../../src/services/ticketsService';
import { ADMIN, answerFor, EMPLOYEE, EMPLOYEE_ID, SERVER_ERROR, TYPED, ticketListModel } from '../models/ticketListMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof ticketListMachine>;
const cover = coverModel(ticketListModel);
const DEBOUNCED = 'xstate.after.searchDebounce.ticketList.debouncing';

describe('ticketListMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let clock = new SimulatedClock();
  let actor: Actor<typeof ticketListMachine>;
  const snapshot = () => actor.getSnapshot();
  const can = (event: Parameters<Snap['can']>[0]) => snapshot().can(event);

  const states: StateChecks<Snap> = {
    debouncing: (s) => {
      // Nothing asked while typing; what is typed is not applied yet.
      expect(calls.pending()).toEqual([]);
      expect(TYPED).toContain(s.context.searchInput);
      expect(s.context.search).not.toBe(s.context.searchInput.trim());
      expect(can({ type: 'retry' })).toBe(false);
    },
    loading: (s) => {
      expect(calls.pending()).toEqual(['fetchTickets']);
      const asked = calls.inputOf('fetchTickets') as TicketListParams;
      expect(asked).toEqual(ticketListParams(s.context));
      expect(asked.limit).toBe(TICKETS_PAGE_SIZE);
      expect(asked.offset).toBe((s.context.page - 1) * TICKETS_PAGE_SIZE);
      // The task list asks for every section; a section's list for its own.
      expect(asked.sectionId).toBe(s.context.sectionId ?? undefined);
      // The search as typed, trimmed, once applied.
      if (s.context.search) expect(TYPED.map((typed) => typed.trim())).toContain(asked.search);
      else expect(asked).not.toHaveProperty('search');
      if (!s.context.canFilterByAssignee) expect(asked).not.toHaveProperty('asignado');
      expect([can({ type: 'retry' }), can({ type: 'goToPage', page: 2 })]).toEqual([false, false]);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect([callFailure(SERVER_ERROR), NETWORK_FAILURE]).toContainEqual(s.context.failure);
      expect(can({ type: 'retry' })).toBe(true);
    },
    empty: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(answerFor(s.context));
      expect(s.context.answer!.total).toBe(0);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'goToPage', page: 2 })).toBe(false);
    },
    shown: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(answerFor(s.context));
      expect(s.context.answer!.total).toBeGreaterThan(0);
      expect(s.context.failure).toBeNull();
      // Another page is offered only where there is one.
      const pages = Math.ceil(s.context.answer!.total / TICKETS_PAGE_SIZE);
      expect(can({ type: 'goToPage', page: 2 })).toBe(pages >= 2 && s.context.page !== 2);
      expect(can({ type: 'goToPage', page: pages + 1 })).toBe(false);
    },
  };

  walkModel(it, cover, ticketListMachine, states, (input) => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(ticketListMachine, calls), { input: input as typeof ADMIN, clock }).start();
    return {
      actor,
      calls,
      special: {
        // The search goes exactly TICKET_SEARCH_DEBOUNCE_MS after the last keystroke, not a millisecond before.
        [DEBOUNCED]: () => {
          clock.increment(TICKET_SEARCH_DEBOUNCE_MS - 1);
          expect(snapshot().matches('debouncing')).toBe(true);
          clock.increment(1);
        },
      },
      after: {
        // Any new filter or search starts again from page 1.
        filter: () => expect(snapshot().context.page).toBe(1),
        search: () => expect(snapshot().matches('debouncing')).toBe(true),
        clearFilters: () => expect(snapshot().context).toMatchObject({ filters: NO_FILTERS, search: '', page: 1 }),
      },
    };
  });
});

describe('ticketListMachine rules', () => {
  afterEach(() => vi.useRealTimers());

  const started = (input = ADMIN) => {
    const asked: TicketListParams[] = [];
    const actor = createActor(
      ticketListMachine.provide({
        actors: {
          fetchTickets: fromPromise(async ({ input: params }) => {
            asked.push(params);
            return answerFor({ sectionId: input.sectionId, filters: NO_FILTERS, search: '', page: 1 });
          }),
        },
      }),
      { input },
    ).start();
    return { actor, asked };
  };

  it('searches 500 ms after the last keystroke, trimmed, from page 1', async () => {
    vi.useFakeTimers();
    const { actor, asked } = started();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'goToPage', page: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked.at(-1)).toMatchObject({ offset: TICKETS_PAGE_SIZE });
    actor.send({ type: 'search', text: ' fu' });
    await vi.advanceTimersByTimeAsync(400);
    actor.send({ type: 'search', text: ' fuga ' });
    await vi.advanceTimersByTimeAsync(TICKET_SEARCH_DEBOUNCE_MS - 1);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(3);
    expect(asked.at(-1)).toEqual({ sectionId: 2, search: 'fuga', limit: TICKETS_PAGE_SIZE, offset: 0 });
  });

  it('sends a filter at once, with the search typed so far', async () => {
    vi.useFakeTimers();
    const { actor, asked } = started();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'search', text: 'luz' });
    actor.send({ type: 'filter', filters: { estado: 'nuevo', edad: 'semana', categoria: 3 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked.at(-1)).toEqual({
      sectionId: 2,
      estado: 'nuevo',
      categoria: 3,
      edad: 'semana',
      search: 'luz',
      limit: TICKETS_PAGE_SIZE,
      offset: 0,
    });
    // The debounce of the typing does not ask a second time.
    await vi.advanceTimersByTimeAsync(TICKET_SEARCH_DEBOUNCE_MS * 2);
    expect(asked).toHaveLength(2);
  });

  it('filters by assignee (0: unassigned) only for administrators', async () => {
    const admin = started();
    admin.actor.send({ type: 'filter', filters: { asignado: 0 } });
    expect(admin.asked.at(-1)).toMatchObject({ asignado: 0 });
    const employee = started(EMPLOYEE);
    expect(employee.actor.getSnapshot().can({ type: 'filter', filters: { asignado: EMPLOYEE_ID } })).toBe(false);
    expect(employee.asked.at(-1)).toEqual({ limit: TICKETS_PAGE_SIZE, offset: 0 });
  });

  it('tells a filtered list from an unfiltered one', () => {
    expect(isFiltered({ filters: NO_FILTERS, search: '' })).toBe(false);
    expect(isFiltered({ filters: { ...NO_FILTERS, vencidas: true }, search: '' })).toBe(true);
    expect(isFiltered({ filters: { ...NO_FILTERS, asignado: 0 }, search: '' })).toBe(true);
    expect(isFiltered({ filters: NO_FILTERS, search: 'x' })).toBe(true);
  });
});
