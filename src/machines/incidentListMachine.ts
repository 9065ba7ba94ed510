// The incidents panel (issue 31): the condominium's incidents by state and category, and acting on one through its
// lifecycle (src/api/incidentsLifecycle.ts): only what the table lets the viewer's roles do from the incident's
// state is sent. The answer replaces the incident in the list; a 409 (someone else acted first) replaces it with the
// incident as it is now and says so; a failure is kept to read. A change elsewhere (the live channel) reads the
// list again.
import { assign, fromPromise, setup } from 'xstate';
import type { Incident, IncidentCategory, IncidentsPageAnswer } from '../api/incidents';
import { INCIDENT_PAGE_SIZE } from '../api/incidents';
import { type IncidentAction, type IncidentRole, type IncidentState, incidentActionsFor } from '../api/incidentsLifecycle';
import { changeIncident, fetchIncidents, type IncidentChangeResult } from '../services/incidentsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface IncidentFilters {
  state: IncidentState | null;
  category: IncidentCategory | null;
}

export type IncidentOutcome =
  | { kind: 'changed'; action: IncidentAction; incident: Incident }
  | { kind: 'conflict'; message: string; incident: Incident };

export interface IncidentListContext {
  roles: readonly IncidentRole[];
  filters: IncidentFilters;
  items: Incident[];
  total: number;
  acting: { incident: Incident; action: IncidentAction; note: string } | null;
  outcome: IncidentOutcome | null;
  failure: CallFailure | null;
}

export type IncidentListEvent =
  | { type: 'filter'; filters: IncidentFilters }
  | { type: 'refresh' }
  | { type: 'retry' }
  | { type: 'act'; incidentId: number; action: IncidentAction; note?: string }
  | { type: 'dismiss' };

export const actionsOn = (incident: Incident, roles: readonly IncidentRole[]) =>
  incidentActionsFor({ state: incident.state, category: incident.category, ticketId: incident.ticketId }, roles);

export const incidentListMachine = setup({
  types: {
    input: {} as { roles: readonly IncidentRole[]; filters?: IncidentFilters },
    context: {} as IncidentListContext,
    events: {} as IncidentListEvent,
  },
  actors: {
    load: fromPromise<IncidentsPageAnswer, IncidentFilters>(({ input, signal }) =>
      fetchIncidents(
        { state: input.state ?? undefined, category: input.category ?? undefined, limit: INCIDENT_PAGE_SIZE },
        signal,
      ),
    ),
    change: fromPromise<IncidentChangeResult, { incident: Incident; action: IncidentAction; note: string }>(({ input, signal }) =>
      changeIncident(
        input.incident.id,
        { version: input.incident.version, action: input.action, ...(input.note.trim() ? { note: input.note.trim() } : {}) },
        signal,
      ),
    ),
  },
  guards: {
    allowed: ({ context, event }) => {
      if (event.type !== 'act') return false;
      const incident = context.items.find((i) => i.id === event.incidentId);
      return incident !== undefined && actionsOn(incident, context.roles).includes(event.action);
    },
  },
  actions: {
    setFilters: assign(({ event }) => (event.type === 'filter' ? { filters: event.filters } : {})),
    setPage: assign((_, page: IncidentsPageAnswer) => ({ items: page.items, total: page.total, failure: null })),
    takeAction: assign(({ context, event }) => {
      if (event.type !== 'act') return {};
      const incident = context.items.find((i) => i.id === event.incidentId)!;
      return { acting: { incident, action: event.action, note: event.note ?? '' }, outcome: null, failure: null };
    }),
    applyResult: assign(({ context }, result: IncidentChangeResult) => {
      const items = context.items.map((i) => (i.id === result.incident.id ? result.incident : i));
      const outcome: IncidentOutcome =
        result.kind === 'changed'
          ? { kind: 'changed', action: context.acting!.action, incident: result.incident }
          : { kind: 'conflict', message: result.message, incident: result.incident };
      return { items, outcome, acting: null };
    }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error), acting: null })),
    forgetOutcome: assign({ outcome: null, failure: null }),
  },
}).createMachine({
  id: 'incidentList',
  context: ({ input }) => ({
    roles: input.roles,
    filters: input.filters ?? { state: 'open', category: null },
    items: [],
    total: 0,
    acting: null,
    outcome: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      // A change told while this page loads: ask again, or the list keeps what the earlier answer held.
      // A filter chosen meanwhile too: the list shown is the one asked for last, not dropped.
      on: {
        refresh: { target: 'loading', reenter: true },
        filter: { target: 'loading', reenter: true, actions: ['setFilters', 'forgetOutcome'] },
      },
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.filters,
        onDone: { target: 'ready', actions: { type: 'setPage', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      on: {
        filter: { target: 'loading', actions: ['setFilters', 'forgetOutcome'] },
        refresh: 'loading',
        act: { guard: 'allowed', target: 'acting', actions: 'takeAction' },
        dismiss: { actions: 'forgetOutcome' },
      },
    },
    acting: {
      invoke: {
        id: 'change',
        src: 'change',
        input: ({ context }) => context.acting!,
        onDone: { target: 'ready', actions: { type: 'applyResult', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
