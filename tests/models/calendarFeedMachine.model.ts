// The personal calendar subscription as a test model: someone without a feed creates one (its URL is shown
// once), someone who had one (only its digest is kept, so no URL) replaces it with a new link or revokes it,
// each confirmed first or taken back; every call may fail (the server, or the connection). The words its
// scenarios are told in: docs/scenarios/calendarFeedMachine.md.
import type { EventObject } from 'xstate';
import { calendarFeedMachine } from '../../src/machines/calendarFeedMachine';
import { ApiError } from '../../src/services/http';
import { FEED_URL } from '../support/calendarFixtures';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const NEW_FEED_URL = FEED_URL.replace('AbCdEf', 'ZyXwVu');
export const SERVER_ERROR = new ApiError(500, 'INTERNAL', 'Ocurrió un error inesperado.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

export const calendarFeedModel = defineModel({
  machine: calendarFeedMachine,
  inputs: { 'no feed': { tieneFeed: false }, 'had a feed': { tieneFeed: true } },
  payloads: {
    create: BARE,
    rotate: (s) => (s.context.failure === null ? BARE : []),
    revoke: (s) => (s.context.failure === null ? BARE : []),
    confirm: BARE,
    back: (s) => (s.context.url === null ? BARE : []),
    'xstate.done.actor.create': [{ output: FEED_URL }],
    'xstate.error.actor.create': (s) => (s.context.failure === null ? [{ error: SERVER_ERROR }, { error: NO_CONNECTION }] : []),
    'xstate.done.actor.rotate': [{ output: NEW_FEED_URL }],
    'xstate.error.actor.rotate': (s) => (s.context.url === null ? [{ error: NO_CONNECTION }] : []),
    'xstate.done.actor.revoke': BARE,
    'xstate.error.actor.revoke': (s) => (s.context.url === null ? [{ error: SERVER_ERROR }] : []),
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { error?: ApiError };
    if (e.type.startsWith('xstate.error.')) return `${eventLabel(event)}:${e.error!.status || 'network'}`;
    return eventLabel(event);
  },
  words: {
    states: {
      start: 'Nothing yet: the panel decides from what home said.',
      none: 'The panel Suscripción a tu calendario with “Crear enlace de suscripción” (and the last failure, if any).',
      creating: '“Crear enlace de suscripción” is busy.',
      active:
        'Right after making it: the URL with “Copiar enlace”, “Guárdalo ahora…”, how to subscribe from Google Calendar (Otros calendarios → Desde URL) and Apple (webcal://). Otherwise “Tienes un enlace de suscripción activo…”. Both with “Generar un enlace nuevo” and “Revocar”.',
      confirmingRotate: '“El enlace actual dejará de funcionar… ¿Generar uno nuevo?” with “Sí, continuar” and “No”.',
      rotating: '“Generar un enlace nuevo” is busy.',
      confirmingRevoke: '“El enlace dejará de funcionar… ¿Revocarlo?” with “Sí, continuar” and “No”.',
      revoking: '“Revocar” is busy.',
    },
    events: {
      create: () => 'presses “Crear enlace de suscripción”',
      rotate: () => 'presses “Generar un enlace nuevo”',
      revoke: () => 'presses “Revocar”',
      confirm: () => 'presses “Sí, continuar”',
      back: () => 'presses “No”',
      'xstate.done.actor.create': () => 'the server makes the feed and sends its URL',
      'xstate.error.actor.create': (e) =>
        (e.error as ApiError).status ? `the server fails: “${(e.error as ApiError).message}”` : 'the connection fails',
      'xstate.done.actor.rotate': () => 'the server sends the new URL (the old one stops working)',
      'xstate.error.actor.rotate': () => 'the connection fails',
      'xstate.done.actor.revoke': () => 'the server revokes the feed',
      'xstate.error.actor.revoke': (e) => `the server fails: “${(e.error as ApiError).message}”`,
    },
  },
});
