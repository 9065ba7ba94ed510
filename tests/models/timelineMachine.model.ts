// The welcome timeline (condominio/welcome) as a test model: a history of three pages (the last one short)
// or none, the failures of the page calls, and the words its scenarios are told in
// (docs/scenarios/timelineMachine.md).
import type { EventObject } from 'xstate';
import { TIMELINE_PAGE_SIZE, type TimelineAnswer, type TimelineItem } from '../../src/api/timeline';
import { timelineMachine } from '../../src/machines/timelineMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const item = (id: number): TimelineItem => ({
  id,
  kind: id % 2 ? 'member.joined' : 'section.created',
  subject: `Sujeto ${id}`,
  detail: null,
  actorName: null,
  at: new Date(Date.UTC(2026, 10, 21) - id * 3_600_000).toISOString(),
});

/** The condominium's history, newest first: 45 items, so three pages. */
export const HISTORY = Array.from({ length: 45 }, (_, i) => item(45 - i));
export const page = (offset: number, history = HISTORY): TimelineAnswer => ({
  success: true,
  items: history.slice(offset, offset + TIMELINE_PAGE_SIZE),
  total: history.length,
});

const itemsOf = (event: EventObject) => (event as { output?: TimelineAnswer }).output?.items.length;

export const timelineModel = defineModel({
  machine: timelineMachine,
  // `done firstPage:20`, `done firstPage:0`: how many items each page brings.
  label: (event) => (itemsOf(event) === undefined ? eventLabel(event) : `${eventLabel(event)}:${itemsOf(event)}`),
  payloads: {
    retry: BARE,
    loadMore: BARE,
    'xstate.done.actor.firstPage': [{ output: page(0) }, { output: page(0, []) }],
    'xstate.error.actor.firstPage': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.nextPage': (s) => [{ output: page(s.context.items.length) }],
    'xstate.error.actor.nextPage': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      loading: 'Bienvenido - Linea del tiempo with a card of grey placeholder lines.',
      failed: 'An alert says the timeline could not be loaded, with Reintentar.',
      empty: '“Todavía no hay actividad” and what the timeline will show.',
      shown: 'The timeline, newest first, and “Mostrando N de M”.',
      'shown.idle':
        'The timeline, “Mostrando N de M” and Cargar más while there are more; after a failed load, “No pudimos cargar más actividad.” and Reintentar in its place.',
      'shown.loadingMore': 'The timeline stays; Cargar más shows it is loading.',
    },
    events: {
      retry: () => 'presses Reintentar',
      loadMore: (_, before) => `presses ${before.context.moreFailed ? 'Reintentar' : 'Cargar más'}`,
      'xstate.done.actor.firstPage': (e) => `the server sends ${itemsOf(e)} items`,
      'xstate.error.actor.firstPage': () => 'the connection fails',
      'xstate.done.actor.nextPage': (e) => `the server sends ${itemsOf(e)} more items`,
      'xstate.error.actor.nextPage': () => 'the connection fails',
    },
  },
});
