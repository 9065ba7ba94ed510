// mi-perfil's "Notificaciones en este dispositivo" as a test model: the first look finds the device unsupported,
// blocked, off or on (or fails, and is retried); turning on ends on, blocked or with the question unanswered, or
// fails; turning off; a kind switched off and on again, saved or failing back. The words its scenarios are told
// in: docs/scenarios/pushSettingsMachine.md.
import type { EventObject } from 'xstate';
import { pushSettingsMachine } from '../../src/machines/pushSettingsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';
import { overviewOf } from '../support/pushFixtures';

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof pushSettingsMachine>;
const messagesOn = (s: Snap) => s.context.kinds.find((setting) => setting.kind === 'mensaje')?.enabled ?? true;

export const pushSettingsModel = defineModel({
  machine: pushSettingsMachine,
  payloads: {
    'xstate.done.actor.load': [
      { output: overviewOf('unsupported') },
      { output: overviewOf('blocked') },
      { output: overviewOf('on') },
      { output: overviewOf('off') },
    ],
    'xstate.error.actor.load': (s) => (s.context.failure ? [] : [{ error: NO_CONNECTION }]),
    retry: BARE,
    checkAgain: BARE,
    turnOn: BARE,
    'xstate.done.actor.turnOn': [{ output: 'on' }, { output: 'blocked' }, { output: 'dismissed' }],
    'xstate.error.actor.turnOn': (s) => (s.context.failure ? [] : [{ error: NO_CONNECTION }]),
    turnOff: BARE,
    'xstate.done.actor.turnOff': [{}],
    'xstate.error.actor.turnOff': (s) => (s.context.failure ? [] : [{ error: NO_CONNECTION }]),
    // Messages switched off, then on again, while the device is on: the other kinds stay as they are.
    setKind: (s) => (s.matches({ ready: { device: 'on' } }) ? [{ kind: 'mensaje', enabled: !messagesOn(s) }] : []),
    'xstate.done.actor.saveKind': [{}],
    'xstate.error.actor.saveKind': (s) => (s.context.kindFailure ? [] : [{ error: NO_CONNECTION }]),
  },
  label: (event: EventObject) => eventLabel(event),
  words: {
    states: {
      loading: 'The card “Notificaciones en este dispositivo” says “Revisando este dispositivo…”.',
      loadFailed: '“No pudimos revisar las notificaciones de este dispositivo.” and Reintentar.',
      ready: 'The device’s state in words, its button, and a switch per kind of notification.',
      'ready.device': 'What this browser does with notifications.',
      'ready.device.unsupported':
        '“Este navegador no puede recibir notificaciones…” (on an iPhone: install the app first); no button.',
      'ready.device.blocked': '“Las notificaciones están bloqueadas para este sitio…” and Volver a revisar.',
      'ready.device.off': '“Desactivadas en este dispositivo.” (or “No diste el permiso…”) and Activar.',
      'ready.device.turningOn': 'The browser asks for permission; Activar is busy.',
      'ready.device.on': '“Activadas en este dispositivo.” and Desactivar.',
      'ready.device.turningOff': 'Desactivar is busy.',
      'ready.device.failed': '“No pudimos cambiar las notificaciones de este dispositivo.” and Reintentar.',
      'ready.kinds': 'Under “Qué notificaciones recibir”, a switch per kind.',
      'ready.kinds.idle': 'The switches, each as saved (a failed save’s alert under them).',
      'ready.kinds.saving': 'The switch just moved shows its new position; the switches wait for the save.',
    },
    events: {
      retry: () => 'presses Reintentar',
      checkAgain: () => 'presses Volver a revisar',
      turnOn: () => 'presses Activar',
      turnOff: () => 'presses Desactivar',
      setKind: (e) => `switches ${String(e.kind)} ${e.enabled ? 'on' : 'off'}`,
      'xstate.done.actor.load': (e) => `the device is ${String((e.output as { device: string }).device)}`,
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.turnOn': (e) =>
        e.output === 'on'
          ? 'the person allows it and the server keeps the subscription'
          : e.output === 'blocked'
            ? 'the person blocks it'
            : 'the person closes the question',
      'xstate.error.actor.turnOn': () => 'subscribing fails',
      'xstate.done.actor.turnOff': () => 'the server forgets the browser',
      'xstate.error.actor.turnOff': () => 'the connection fails',
      'xstate.done.actor.saveKind': () => 'the server saves the choice',
      'xstate.error.actor.saveKind': () => 'the connection fails',
    },
  },
});
