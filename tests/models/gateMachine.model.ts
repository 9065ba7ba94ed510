// The caseta's flow as a test model: a code typed with blanks around it is checked, and the server answers a
// pass that lets in now, one whose visitor is inside, one outside its hours, no pass, too many checks, or
// nothing; from the verdict the guard records the entry, the exit or the refusal (an unknown code's refusal
// names who it was), or hands a walk-in to walkInMachine (which ends with its decision recorded, or cancelled:
// tests/models/walkInMachine.model.ts); a failed recording is retried with the same clientId. The model's
// clientId is fixed (the real one is crypto.randomUUID). The words: docs/scenarios/gateMachine.md.
import { assign } from 'xstate';
import type { GateCheck } from '../../src/api/gate';
import { type EntryDraft, gateMachine } from '../../src/machines/gateMachine';
import type { GateCheckResult, GateRecord, MovementOutcome, RecordedMovement } from '../../src/services/gateService';
import { ApiError } from '../../src/services/http';
import { CLIENT_ID, EARLY_CHECK, ENTRY, EXIT, INSIDE_CHECK, movement, REFUSAL, VALID_CHECK } from '../support/gateFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const CODE = ' palmas01 ';
export const SCANNED = ' https://palmas.example/invitacion/1/DEMO-PASE-001 ';
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const ENTRY_DRAFT: EntryDraft = { people: 3, plates: 'ABC-123-D', accessPoint: 'Caseta principal', note: '' };
export const WALK_IN = movement({ id: 304, passId: null, passKind: null, visitorName: 'Paquetería DHL', people: 1 });

/** The machine with a fixed clientId, so the traversal's states repeat. */
export const gateModelMachine = gateMachine.provide({ actions: { makeClientId: assign({ clientId: CLIENT_ID }) } });

/** What the server answers for the movement being sent. */
function recordedFor(pending: GateRecord | null): RecordedMovement {
  if (pending?.kind === 'exit') return { movement: EXIT, duplicate: false };
  if (pending?.kind === 'refusal') return { movement: REFUSAL, duplicate: false };
  return { movement: pending?.request.passId ? ENTRY : WALK_IN, duplicate: false };
}

/** No network: the service keeps the movement in the offline queue, marked offline and dated. */
export function queuedFor(pending: GateRecord | null): MovementOutcome {
  const record = pending ?? ({ kind: 'exit', request: { clientId: CLIENT_ID, entryId: 301 } } as GateRecord);
  const request = { ...record.request, offline: true, occurredAt: '2026-03-14T18:05:00.000Z' };
  return { queued: true, record: { kind: record.kind, request } as GateRecord };
}

const checked = (check: GateCheck): GateCheckResult => ({ kind: 'checked', check });

export const gateModel = defineModel({
  machine: gateModelMachine,
  payloads: {
    check: [{ codigo: CODE }],
    registerEntry: [{ draft: ENTRY_DRAFT }],
    registerExit: BARE,
    refuse: [{ visitorName: 'Hombre sin pase', note: '' }],
    scan: BARE,
    walkIn: BARE,
    retry: BARE,
    clear: BARE,
    'xstate.done.actor.checkCode': (
      [
        checked(VALID_CHECK),
        checked(INSIDE_CHECK),
        checked(EARLY_CHECK),
        { kind: 'notFound' },
        { kind: 'tooMany' },
      ] as GateCheckResult[]
    ).map((output) => ({ output })),
    'xstate.error.actor.checkCode': [{ error: NO_CONNECTION }],
    // The camera's reading of the demo pass's QR: its link, blanks around it.
    'xstate.done.actor.scanner': [{ output: { text: SCANNED } }],
    // The walk-in panel ends with the guard's decision recorded, or cancelled before asking anyone.
    'xstate.done.actor.walkIn': [
      { output: { recorded: { movement: WALK_IN, duplicate: false } } },
      { output: { recorded: null } },
    ],
    'xstate.done.actor.record': (s) => [{ output: recordedFor(s.context.pending) }, { output: queuedFor(s.context.pending) }],
    'xstate.error.actor.record': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      idle: 'Caseta: Clave manual o QR, empty, with Verificar and Sin pase; below, Esperados hoy and Dentro ahora.',
      scanning:
        'The camera’s picture with a frame: Apunta la cámara al código QR del pase; Clave manual o QR still takes a typed code.',
      checking: 'Verificando el pase…; Verificar is busy.',
      verdict:
        'The verdict card in its colour (Puede pasar / Fuera de horario / …) with the reason, who, dwelling, host, event, companions, plates and entries; then Registrar entrada (its form), Registrar salida (inside) or Registrar rechazo (not valid).',
      notFound: 'A grey card: Pase desconocido, with a name field and Registrar rechazo.',
      limited: 'Demasiadas verificaciones: Espera un minuto y vuelve a intentarlo., with Reintentar.',
      checkFailed: 'No pudimos verificar el pase, and why, with Reintentar.',
      walkIn:
        'Visita sin pase: the walk-in panel (docs/scenarios/walkInMachine.md): the form, then Esperando respuesta, then the answer and the guard’s decision.',
      recording: 'Registrando…; the buttons are busy.',
      recordFailed: 'No se registró, and why (no connection, or the server’s words), with Reintentar.',
      registered: 'A toast: Entrada registrada (or Salida / Rechazo); the caseta is ready for the next visitor.',
      queued: 'Guardado sin conexión: se enviará al volver la red; the caseta is ready for the next visitor.',
    },
    events: {
      check: (e) => `types “${String(e.codigo)}” in Clave manual o QR and presses Verificar`,
      registerEntry: () => 'fills the entry form (3 people, plates ABC-123-D, Caseta principal) and presses Registrar entrada',
      registerExit: () => 'presses Registrar salida',
      refuse: () => 'presses Registrar rechazo',
      scan: () => 'presses Escanear',
      walkIn: () => 'presses Sin pase',
      'xstate.done.actor.walkIn': (e) =>
        (e.output as { recorded: RecordedMovement | null }).recorded
          ? 'the walk-in ends: the guard’s decision is recorded'
          : 'the walk-in ends: the guard cancelled before asking',
      retry: () => 'presses Reintentar',
      clear: () => 'presses Nueva consulta (or Cancelar)',
      'xstate.done.actor.checkCode': (e) => {
        const result = e.output as GateCheckResult;
        if (result.kind !== 'checked') return `the server answers ${result.kind}`;
        return `the server answers the pass: ${result.check.verdict}${result.check.insideEntryId ? ', visitor inside' : ''}`;
      },
      'xstate.error.actor.checkCode': () => 'the connection fails',
      'xstate.done.actor.scanner': (e) => `the camera reads the QR code “${String((e.output as { text: string }).text).trim()}”`,
      'xstate.done.actor.record': (e) => {
        const outcome = e.output as MovementOutcome;
        if ('queued' in outcome) return `no network: the ${outcome.record.kind} is kept to be sent later`;
        return `the server records the ${outcome.movement.kind}`;
      },
      'xstate.error.actor.record': () => 'the connection fails',
      'xstate.after.shown.gate.registered': () => 'a few seconds pass',
      'xstate.after.shown.gate.queued': () => 'a few seconds pass',
    },
  },
});
