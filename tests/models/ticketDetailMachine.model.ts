// One request to the administrator as a test model, read as each of the parts a person plays on it: an
// administrator on a new request (assign it to Emilio, cancel it, reply or write an internal note, raise its
// priority), the assignee on one in progress (put it on hold, resolve it), the requester two days after the
// resolution (confirm, reopen, rate it 4 with a comment) and nine days after it (nothing left to do); a
// reply may carry a photo. Each
// change is answered as done, as lost to someone else (409 with the fresh request), as refused, or not at
// all; the 15-second refresh reads it again, sometimes changed by someone else. Drafts are written one kind
// at a time on the request as first read, and lifecycle changes answered for two steps, so the states stay
// few. The words its
// scenarios are told in: docs/scenarios/ticketDetailMachine.md.
import type { EventObject } from 'xstate';
import { ticketTransition } from '../../src/api/ticketLifecycle';
import type { TicketAnswer, TicketEvent } from '../../src/api/tickets';
import { type TicketChanged, type TicketRead, ticketDetailMachine } from '../../src/machines/ticketDetailMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

type Snap = Snapshot<typeof ticketDetailMachine>;

export const TICKET_ID = 41;
/** When the request is first read; changes answer a minute later, refreshes 15 s later. */
export const READ_AT = Date.parse('2026-11-21T18:00:00.000Z');
export const CHANGED_AT = READ_AT + 60_000;
export const REFRESHED_AT = READ_AT + 15_000;
const DAY = 24 * 60 * 60 * 1000;

export const EMILIO = { UserId: 7, UserName: 'Emilio Torres Vega' };
export const REPLY = ' Mañana a las 10 pasa el plomero. ';
export const STARS = 4;
export const COMMENT = 'Rápido y amable';
export const NEW_DUE = '2026-11-22T18:00:00.000Z';
export const PHOTO = { name: 'llave.jpg', dataUrl: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==' };

const created: TicketEvent = {
  id: 1,
  tipo: 'creada',
  de: null,
  a: null,
  Texto: null,
  UserId: 30,
  UserName: 'Rosa Hernández Díaz',
  Fecha: '2026-11-12T16:00:00.000Z',
  adjuntos: [],
};

function answer(
  roles: TicketAnswer['abilities']['roles'],
  ticket: Partial<TicketAnswer['ticket']>,
  abilities: Partial<Omit<TicketAnswer['abilities'], 'roles'>>,
): TicketAnswer {
  return {
    success: true,
    ticket: {
      TicketId: TICKET_ID,
      SectId: 2,
      Titulo: 'Fuga en el baño',
      CategoriaId: 1,
      CategoriaNombre: 'Mantenimiento',
      Prioridad: 'media',
      Estado: 'nuevo',
      Lugar: 'Torre A - 101',
      SolicitanteId: 30,
      SolicitanteNombre: 'Rosa Hernández Díaz',
      AsignadoId: null,
      AsignadoNombre: null,
      FechaCreada: '2026-11-12T16:00:00.000Z',
      FechaLimite: '2026-11-15T16:00:00.000Z',
      Vencida: false,
      version: 1,
      Descripcion: 'Gotea la llave del lavabo desde ayer.',
      ApmtId: 101,
      AreaComun: null,
      FechaResuelta: null,
      adjuntos: [],
      calificacion: null,
      ...ticket,
    },
    timeline: [created],
    abilities: { roles, canReply: true, canWriteInternalNote: false, canUpdate: false, canRate: false, ...abilities },
  };
}

export const ADMIN_NEW = answer(['admin'], {}, { canWriteInternalNote: true, canUpdate: true });
export const ASSIGNEE_WORKING = answer(
  ['assignee'],
  { Estado: 'en_proceso', AsignadoId: EMILIO.UserId, AsignadoNombre: EMILIO.UserName, version: 3 },
  { canWriteInternalNote: true },
);
export const REQUESTER_RESOLVED = answer(
  ['requester'],
  { Estado: 'resuelto', FechaResuelta: new Date(READ_AT - 2 * DAY).toISOString(), version: 5 },
  { canRate: true },
);
/** Nine days after the resolution: past the 7 days to answer it, already rated. */
export const REQUESTER_LATE = answer(
  ['requester'],
  {
    Estado: 'resuelto',
    FechaResuelta: new Date(READ_AT - 9 * DAY).toISOString(),
    version: 5,
    calificacion: { estrellas: 5, comentario: null, Fecha: '2026-11-13T16:00:00.000Z' },
  },
  { canReply: false },
);
export const FIRST_READS = [ADMIN_NEW, ASSIGNEE_WORKING, REQUESTER_RESOLVED, REQUESTER_LATE];

/** The version each request was first read at: changes are answered only on those. */
const firstVersion = (a: TicketAnswer) => FIRST_READS.find((r) => r.abilities.roles[0] === a.abilities.roles[0])!.ticket.version;
const asRead = (s: Snap) => !!s.context.answer && s.context.answer.ticket.version === firstVersion(s.context.answer);
/** Lifecycle changes are answered for two steps (an administrator assigns, then resolves, then may close). */
const changesAnswered = (s: Snap) => !!s.context.answer && s.context.answer.ticket.version - firstVersion(s.context.answer) < 2;

/** The request after the change went through: the lifecycle table's target state, one version more. */
export function moved(
  before: TicketAnswer,
  action: NonNullable<Snap['context']['acting']>,
  assignTo: number | null,
): TicketAnswer {
  const transition = ticketTransition(
    { state: before.ticket.Estado, resolvedAt: before.ticket.FechaResuelta },
    action,
    before.abilities.roles,
    new Date(READ_AT),
  )!;
  return {
    ...before,
    ticket: {
      ...before.ticket,
      Estado: transition.to,
      version: before.ticket.version + 1,
      ...(action === 'asignar' ? { AsignadoId: assignTo, AsignadoNombre: EMILIO.UserName } : {}),
    },
  };
}

/** What another administrator did first: the priority raised to urgente. */
export const someoneElse = (before: TicketAnswer): TicketAnswer => ({
  ...before,
  ticket: { ...before.ticket, Prioridad: 'urgente', version: before.ticket.version + 1 },
});

export const CONFLICT_MESSAGE = 'Alguien más cambió esta solicitud. Revisa cómo quedó.';
export const REFUSED = new ApiError(409, 'CONFLICT', 'Esta solicitud ya no permite ese cambio.');
export const GONE = new ApiError(404, 'NOT_FOUND', 'La solicitud no existe.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

const changed = (a: TicketAnswer): TicketChanged => ({ kind: 'changed', answer: a, at: CHANGED_AT });
const lost = (s: Snap): TicketChanged => ({
  kind: 'conflict',
  message: CONFLICT_MESSAGE,
  answer: someoneElse(s.context.answer!),
  at: CHANGED_AT,
});
const read = (a: TicketAnswer, at: number, assignees: TicketRead['assignees']): TicketRead => ({ answer: a, assignees, at });

/** Only one kind of draft at a time, written while nothing else is under way. */
const noDraft = (s: Snap) =>
  s.context.assignTo === null && s.context.reply === '' && Object.keys(s.context.update).length === 0 && s.context.stars === 0;
const writing = (s: Snap) => s.matches({ shown: 'viewing' }) && !s.context.refreshFailed;
/** A draft is started on the request as first read, with nothing said about an earlier call. */
const starts = (s: Snap) => writing(s) && asRead(s) && noDraft(s) && !s.context.failure && !s.context.notice;
const acts = (s: Snap) => (noDraft(s) && !s.context.failure && !s.context.refreshFailed ? BARE : []);
/** Nothing typed, nothing said: where a refresh is answered (elsewhere it only shows it is reading). */
const quiet = (s: Snap) => noDraft(s) && !s.context.failure && !s.context.notice && !s.context.refreshFailed;

export const ticketDetailModel = defineModel({
  machine: ticketDetailMachine,
  input: { ticketId: TICKET_ID },
  payloads: {
    'xstate.done.actor.load': FIRST_READS.map((a) => ({
      output: read(a, READ_AT, a.abilities.canUpdate ? [EMILIO] : null),
    })),
    'xstate.error.actor.load': [{ error: GONE }, { error: NO_CONNECTION }],
    retry: BARE,
    // The refresh reads it as it is, or (on the request as first read) as someone else left it.
    'xstate.done.actor.refresh': (s) =>
      quiet(s)
        ? [
            { output: read(s.context.answer!, REFRESHED_AT, null) },
            ...(asRead(s) && s.context.answer!.abilities.roles[0] === 'admin'
              ? [{ output: read(someoneElse(s.context.answer!), REFRESHED_AT, null) }]
              : []),
          ]
        : [],
    'xstate.error.actor.refresh': (s) => (quiet(s) && asRead(s) ? [{ error: GONE }, { error: NO_CONNECTION }] : []),
    // Lifecycle actions from a request with nothing typed (asignar with its employee chosen) and no failure shown.
    asignar: (s) => (s.context.assignTo !== null && s.context.reply === '' && !s.context.failure ? BARE : []),
    iniciar: acts,
    esperar: acts,
    resolver: acts,
    confirmar: acts,
    reabrir: acts,
    cerrar: acts,
    cancelar: acts,
    chooseAssignee: (s) => (starts(s) ? [{ asignadoId: EMILIO.UserId }] : []),
    editReply: (s) => (starts(s) && s.context.answer!.timeline.length === 1 ? [{ text: REPLY }] : []),
    setInternal: (s) => (writing(s) && s.context.reply && !s.context.internal ? [{ internal: true }] : []),
    // A photo with a public reply: attached once and removed.
    attachReply: (s) =>
      writing(s) && s.context.reply && !s.context.internal && s.context.replyFiles.length === 0 && !s.context.failure
        ? [{ file: PHOTO }]
        : [],
    detachReply: (s) => (writing(s) && s.context.replyFiles.length === 1 && !s.context.failure ? [{ index: 0 }] : []),
    reply: BARE,
    editUpdate: (s) =>
      writing(s) && asRead(s) && noDraft(s) ? [{ draft: { Prioridad: 'alta' } }, { draft: { FechaLimite: NEW_DUE } }] : [],
    update: BARE,
    editRating: (s) =>
      !writing(s)
        ? []
        : s.context.stars === 0 && starts(s)
          ? [{ stars: STARS }]
          : s.context.stars === STARS && !s.context.comment
            ? [{ comment: COMMENT }]
            : [],
    rate: BARE,
    dismiss: BARE,
    refresh: BARE,
    'xstate.done.actor.change': (s) =>
      changesAnswered(s)
        ? [{ output: changed(moved(s.context.answer!, s.context.acting!, s.context.assignTo)) }, { output: lost(s) }]
        : [],
    'xstate.error.actor.change': [{ error: REFUSED }],
    'xstate.done.actor.reply': (s) => [
      {
        output: changed({
          ...s.context.answer!,
          timeline: [
            ...s.context.answer!.timeline,
            {
              ...created,
              id: 2,
              tipo: s.context.internal ? 'nota' : 'respuesta',
              Texto: s.context.reply.trim(),
              UserId: 1,
              UserName: 'Ana Martínez Ruiz',
              Fecha: new Date(CHANGED_AT).toISOString(),
            },
          ],
        }),
      },
      ...(asRead(s) ? [{ output: lost(s) }] : []),
    ],
    'xstate.error.actor.reply': [{ error: NO_CONNECTION }],
    'xstate.done.actor.update': (s) => [
      {
        output: changed({
          ...s.context.answer!,
          ticket: { ...s.context.answer!.ticket, ...s.context.update, version: s.context.answer!.ticket.version + 1 },
        }),
      },
      ...(asRead(s) ? [{ output: lost(s) }] : []),
    ],
    'xstate.error.actor.update': [{ error: NO_CONNECTION }],
    'xstate.done.actor.rate': (s) => [
      {
        output: changed({
          ...s.context.answer!,
          ticket: {
            ...s.context.answer!.ticket,
            calificacion: {
              estrellas: s.context.stars,
              comentario: s.context.comment || null,
              Fecha: '2026-11-21T18:01:00.000Z',
            },
          },
          abilities: { ...s.context.answer!.abilities, canRate: false },
        }),
      },
      ...(asRead(s) ? [{ output: lost(s) }] : []),
    ],
    'xstate.error.actor.rate': [{ error: NO_CONNECTION }],
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { output?: TicketRead | TicketChanged; error?: ApiError };
    if (e.type === 'xstate.done.actor.load' || e.type === 'xstate.done.actor.refresh') {
      const output = e.output as TicketRead;
      return `${eventLabel(event)}:${output.answer.abilities.roles[0]} ${output.answer.ticket.Estado} v${output.answer.ticket.version}`;
    }
    if (e.type.startsWith('xstate.error.')) return `${eventLabel(event)}:${e.error!.status || 'network'}`;
    return eventLabel(event);
  },
  words: {
    states: {
      loading: 'Grey placeholder lines while the request loads.',
      failed: 'An alert “No pudimos cargar la solicitud” (the server could not be reached) with Reintentar.',
      notFound: 'An alert “Solicitud no disponible”: it does not exist or is not theirs to see.',
      shown:
        'The request: #41 Fuga en el baño with its state and priority, its facts (Categoría, Lugar, Solicitante, Responsable, Creada, Fecha límite), the description, Acciones with the buttons the lifecycle table offers, Gestión for administrators, Responder where allowed, Califica la atención for the requester of a resolved request, and the Historial.',
      'shown.viewing':
        'Everything may be used; a status says what the last change did (“Solicitud actualizada.”…) or an alert why it failed.',
      'shown.refreshing': 'The same request, busy (aria-busy) while it is read again.',
      'shown.changing': 'The pressed action’s button spins.',
      'shown.replying': 'Enviar respuesta (or Guardar nota interna) spins.',
      'shown.updating': 'Guardar cambios spins.',
      'shown.rating': 'Enviar calificación spins.',
      'shown.conflict':
        'An alert “Alguien más cambió esta solicitud” with the server’s words, “Tu cambio no se aplicó…” and Entendido, over the request as it is now.',
    },
    events: {
      'xstate.done.actor.load': (e) => {
        const a = (e.output as TicketRead).answer;
        return `the server sends the request (${a.ticket.Estado}) to its ${a.abilities.roles.join(' and ')}`;
      },
      'xstate.error.actor.load': (e) =>
        (e.error as ApiError).status ? 'the server says it is not theirs to see' : 'the connection fails',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.refresh': (e) => `it is read again (version ${(e.output as TicketRead).answer.ticket.version})`,
      'xstate.error.actor.refresh': (e) =>
        (e.error as ApiError).status ? 'reading it again, the server says it is no longer theirs' : 'reading it again fails',
      asignar: () => 'presses Asignar',
      iniciar: () => 'presses Iniciar trabajo',
      esperar: () => 'presses Poner en espera',
      resolver: () => 'presses Marcar como resuelta',
      confirmar: () => 'presses Confirmar solución',
      reabrir: () => 'presses Reabrir',
      cerrar: () => 'presses Cerrar',
      cancelar: () => 'presses Cancelar solicitud',
      chooseAssignee: () => `chooses ${EMILIO.UserName} in Asignar a`,
      editReply: () => `types “${REPLY.trim()}” in Respuesta`,
      setInternal: () => 'ticks Nota interna',
      attachReply: () => `attaches ${PHOTO.name} to the reply`,
      detachReply: () => `removes ${PHOTO.name}`,
      reply: (_, s) => `presses ${s.context.internal ? 'Guardar nota interna' : 'Enviar respuesta'}`,
      editUpdate: (e) =>
        'Prioridad' in (e.draft as object) ? 'chooses Alta in Prioridad' : 'sets Fecha límite to 22 Nov 2026, 12:00',
      update: () => 'presses Guardar cambios',
      editRating: (e) => (e.stars ? `chooses ${e.stars} estrellas` : `types “${e.comment}” in Comentario`),
      rate: () => 'presses Enviar calificación',
      dismiss: () => 'presses Entendido',
      refresh: () => 'the live channel says the request changed',
      'xstate.done.actor.change': (e) =>
        (e.output as TicketChanged).kind === 'conflict'
          ? 'the server says someone else changed it first and sends it as it is now'
          : `the server moves it to ${(e.output as TicketChanged).answer.ticket.Estado}`,
      'xstate.error.actor.change': (e) =>
        (e.error as ApiError).status ? `the server refuses: “${(e.error as ApiError).message}”` : 'the connection fails',
      'xstate.done.actor.reply': () => 'the server adds it to the timeline',
      'xstate.error.actor.reply': () => 'the connection fails',
      'xstate.done.actor.update': (e) =>
        (e.output as TicketChanged).kind === 'conflict'
          ? 'the server says someone else changed it first and sends it as it is now'
          : 'the server saves the changes',
      'xstate.error.actor.update': () => 'the connection fails',
      'xstate.done.actor.rate': () => 'the server keeps the rating',
      'xstate.error.actor.rate': () => 'the connection fails',
    },
  },
});
