// Walking a round as a test model: the guard chooses an ordered round of two checkpoints (A then B) and starts it
// (or the server refuses: not its time); checkpoints are read with the camera or as an NFC tag / typed code: a code of
// no checkpoint is wrong, B before A is out of order (recorded anyway, or not), A again once scanned reads as done;
// the scan is recorded, kept offline (queued) or fails and is retried with the same clientId; the round is ended
// (or ending fails). The model's clientId is fixed (the real one is crypto.randomUUID). The words:
// docs/scenarios/roundWalkMachine.md.
import { assign } from 'xstate';
import { roundWalkMachine } from '../../src/machines/roundWalkMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { CLIENT_ID, CODE_A, CODE_B, CODE_UNKNOWN, FINISHED, ROUND, scanAnswer, WALKING } from '../support/roundsFixtures';

export const NOT_NOW = new ApiError(409, 'CONFLICT', 'Este recorrido no se puede iniciar ahora.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

/** The machine with a fixed clientId, so the traversal's states repeat. */
export const roundWalkModelMachine = roundWalkMachine.provide({ actions: { makeClientId: assign({ clientId: CLIENT_ID }) } });

export const roundWalkModel = defineModel({
  machine: roundWalkModelMachine,
  payloads: {
    choose: [{ round: ROUND }],
    scan: BARE,
    code: [{ text: ` ${CODE_A} ` }, { text: CODE_B }, { text: CODE_UNKNOWN }],
    // Once per walk: a note typed again changes nothing the traversal has not seen.
    describe: (s) => (s.context.note === '' ? [{ note: 'Puerta abierta', photo: null }] : []),
    confirm: BARE,
    cancel: BARE,
    dismiss: BARE,
    retry: BARE,
    finish: BARE,
    back: BARE,
    'xstate.done.actor.startRound': [{ output: WALKING }],
    'xstate.error.actor.startRound': [{ error: NOT_NOW }],
    'xstate.done.actor.scanner': [{ output: { text: CODE_A } }],
    'xstate.done.actor.sendScan': (s) => {
      const round = s.context.round ?? WALKING;
      const stop = s.context.stop ?? round.stops[0]!;
      const recorded = { output: scanAnswer(round, stop.id) };
      // Offline on the walk's first scan only: the queued branch is the same whichever checkpoint it is.
      if (round.stops.some((x) => x.scannedAt !== null)) return [recorded];
      return [
        recorded,
        {
          output: {
            queued: true,
            request: {
              clientId: CLIENT_ID,
              roundId: round.id,
              code: stop.code,
              scannedAt: '2026-03-15T04:05:00.000Z',
              offline: true,
            },
          },
        },
      ];
    },
    'xstate.error.actor.sendScan': [{ error: NO_CONNECTION }],
    'xstate.done.actor.finishRound': [{ output: FINISHED }],
    'xstate.error.actor.finishRound': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      idle: 'The rounds open now, each with Recorrer.',
      starting: 'Recorrer is busy: the round is being started.',
      startFailed: 'The refusal (“Este recorrido no se puede iniciar ahora.”), with Reintentar and Volver a la lista.',
      walking: 'The round’s checkpoints in order with their state, Escanear punto, a note and photo, Terminar recorrido.',
      scanning: 'The camera’s preview looking for a checkpoint’s QR code, with Cancelar.',
      checking: 'Never shown: the code is checked against the round’s checkpoints at once.',
      outOfOrder: '“… no es el siguiente punto del recorrido.”, with Registrar de todos modos and Cancelar.',
      wrongCheckpoint: '“Este código no es de un punto de este recorrido.”, with Escanear punto and Continuar.',
      sending: 'The scan is being recorded.',
      scanFailed: 'The failure (no connection), with Reintentar and Continuar.',
      checkpointDone: '“Punto registrado: …”, the checkpoint ticked, Escanear punto, Continuar and Terminar recorrido.',
      queued: '“Guardado sin conexión: …”, the checkpoint ticked, Escanear punto, Continuar and Terminar recorrido.',
      finishing: 'Terminar recorrido is busy.',
      finishFailed: 'The failure (no connection), with Reintentar and Continuar.',
      finished: '“Recorrido terminado.”, with Volver a la lista.',
    },
    events: {
      choose: () => 'presses Recorrer on the 22:00 round',
      scan: () => 'presses Escanear punto',
      code: (e) => `reads the code “${String(e.text).trim()}” (NFC tag or typed)`,
      describe: (e) => `writes the note “${String(e.note)}”`,
      confirm: () => 'presses Registrar de todos modos',
      cancel: () => 'presses Cancelar',
      dismiss: () => 'presses Continuar',
      retry: () => 'presses Reintentar',
      finish: () => 'presses Terminar recorrido',
      back: () => 'presses Volver a la lista',
      'xstate.done.actor.startRound': () => 'the server starts the round',
      'xstate.error.actor.startRound': () => 'the server refuses: not its time',
      'xstate.done.actor.scanner': (e) => `the camera reads “${String((e.output as { text: string }).text)}”`,
      'xstate.done.actor.sendScan': (e) =>
        (e.output as { queued?: true }).queued
          ? 'no network: the scan waits in the offline queue'
          : 'the server records the scan',
      'xstate.error.actor.sendScan': () => 'the scan’s call fails',
      'xstate.done.actor.finishRound': () => 'the server ends the round',
      'xstate.error.actor.finishRound': () => 'ending fails: no connection',
    },
  },
});
