// Filing a request to the administrator (issue 13): category, title, description, where (one of the
// member's dwellings, or a common area named in words), priority and up to TICKET_MAX_ATTACHMENTS photos or
// PDFs read as data URLs. Sending validates first and shows every problem at once; the create call carries
// the files; sent shows the section's MensajeConfirmacion and whether a copy went by e-mail; a failure keeps
// everything typed and offers to send again or to go back to the form.
import { assign, fromPromise, setup } from 'xstate';
import type { TicketPriority } from '../api/ticketLifecycle';
import {
  type NewTicketAnswer,
  type NewTicketRequest,
  TICKET_AREA_MAX,
  TICKET_MAX_ATTACHMENTS,
  TICKET_TEXT_MAX,
  TICKET_TITLE_MAX,
  type TicketCategory,
} from '../api/tickets';
import type { AttachmentUpload } from '../api/uploads';
import { createTicket } from '../services/ticketsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface TicketDwellingChoice {
  ApmtId: number;
  Nombre: string;
}

export interface TicketFormInput {
  sectionId: number;
  /** The section's active categories. */
  categorias: TicketCategory[];
  /** The member's dwellings; none (an administrator without one): a common area only. */
  viviendas: TicketDwellingChoice[];
}

export type TicketPlace = 'vivienda' | 'area';
export type TicketTextField = 'titulo' | 'descripcion' | 'areaComun';

export interface TicketFormContext extends TicketFormInput {
  categoriaId: number | null;
  titulo: string;
  descripcion: string;
  lugar: TicketPlace;
  apmtId: number | null;
  areaComun: string;
  prioridad: TicketPriority;
  adjuntos: AttachmentUpload[];
  /** Sending was tried: the form shows its problems from now on. */
  showProblems: boolean;
  /** The last send failed: why. */
  failure: CallFailure | null;
  result: NewTicketAnswer | null;
}

export type TicketFormEvent =
  | { type: 'edit'; field: TicketTextField; value: string }
  | { type: 'chooseCategory'; categoriaId: number | null }
  | { type: 'choosePlace'; lugar: TicketPlace }
  | { type: 'chooseDwelling'; apmtId: number }
  | { type: 'choosePriority'; prioridad: TicketPriority }
  | { type: 'attach'; file: AttachmentUpload }
  | { type: 'detach'; index: number }
  | { type: 'submit' }
  | { type: 'retry' }
  | { type: 'revise' }
  | { type: 'again' };

export type TicketFormField = 'categoria' | 'titulo' | 'descripcion' | 'lugar';
export type TicketFormProblem = 'required' | 'tooLong';

/** What stops the form from being sent, by field (none: it may be sent). */
export function ticketFormProblems(
  context: Pick<
    TicketFormContext,
    'categorias' | 'viviendas' | 'categoriaId' | 'titulo' | 'descripcion' | 'lugar' | 'apmtId' | 'areaComun'
  >,
): Partial<Record<TicketFormField, TicketFormProblem>> {
  const problems: Partial<Record<TicketFormField, TicketFormProblem>> = {};
  const text = (value: string, max: number): TicketFormProblem | null =>
    value.trim() === '' ? 'required' : value.length > max ? 'tooLong' : null;
  if (!context.categorias.some((c) => c.id === context.categoriaId && c.activa)) problems.categoria = 'required';
  const titulo = text(context.titulo, TICKET_TITLE_MAX);
  if (titulo) problems.titulo = titulo;
  const descripcion = text(context.descripcion, TICKET_TEXT_MAX);
  if (descripcion) problems.descripcion = descripcion;
  if (context.lugar === 'vivienda') {
    if (!context.viviendas.some((v) => v.ApmtId === context.apmtId)) problems.lugar = 'required';
  } else {
    const area = text(context.areaComun, TICKET_AREA_MAX);
    if (area) problems.lugar = area;
  }
  return problems;
}

/** What the create call carries: trimmed texts, the dwelling or the common area, the files. */
export function newTicketRequest(context: TicketFormContext): NewTicketRequest {
  const inDwelling = context.lugar === 'vivienda';
  return {
    sectionId: context.sectionId,
    categoriaId: context.categoriaId!,
    Titulo: context.titulo.trim(),
    Descripcion: context.descripcion.trim(),
    ApmtId: inDwelling ? context.apmtId : null,
    ...(inDwelling ? {} : { AreaComun: context.areaComun.trim() }),
    Prioridad: context.prioridad,
    adjuntos: context.adjuntos,
  };
}

/** A blank form: the first dwelling when the member has one, else a common area; priority media. */
function blank(input: TicketFormInput) {
  const first = input.viviendas[0];
  return {
    categoriaId: null,
    titulo: '',
    descripcion: '',
    lugar: (first ? 'vivienda' : 'area') as TicketPlace,
    apmtId: first?.ApmtId ?? null,
    areaComun: '',
    prioridad: 'media' as TicketPriority,
    adjuntos: [] as AttachmentUpload[],
    showProblems: false,
    failure: null,
    result: null,
  };
}

export const ticketMachine = setup({
  types: {
    input: {} as TicketFormInput,
    context: {} as TicketFormContext,
    events: {} as TicketFormEvent,
  },
  actors: {
    createTicket: fromPromise<NewTicketAnswer, NewTicketRequest>(({ input, signal }) => createTicket(input, signal)),
  },
  guards: {
    isValid: ({ context }) => Object.keys(ticketFormProblems(context)).length === 0,
    canAttach: ({ context }) => context.adjuntos.length < TICKET_MAX_ATTACHMENTS,
    attached: ({ context }, { index }: { index: number }) => index >= 0 && index < context.adjuntos.length,
    // Without a dwelling of their own, a request is always about a common area.
    placeAllowed: ({ context }, { lugar }: { lugar: TicketPlace }) => lugar === 'area' || context.viviendas.length > 0,
    hasDwelling: ({ context }, { apmtId }: { apmtId: number }) => context.viviendas.some((v) => v.ApmtId === apmtId),
  },
  actions: {
    edit: assign((_, { field, value }: { field: TicketTextField; value: string }) => ({ [field]: value })),
    chooseCategory: assign((_, { categoriaId }: { categoriaId: number | null }) => ({ categoriaId })),
    choosePlace: assign(({ context }, { lugar }: { lugar: TicketPlace }) => ({
      lugar,
      apmtId: lugar === 'vivienda' ? (context.apmtId ?? context.viviendas[0]?.ApmtId ?? null) : context.apmtId,
    })),
    chooseDwelling: assign((_, { apmtId }: { apmtId: number }) => ({ apmtId, lugar: 'vivienda' as const })),
    choosePriority: assign((_, { prioridad }: { prioridad: TicketPriority }) => ({ prioridad })),
    attach: assign(({ context }, { file }: { file: AttachmentUpload }) => ({ adjuntos: [...context.adjuntos, file] })),
    detach: assign(({ context }, { index }: { index: number }) => ({
      adjuntos: context.adjuntos.filter((_, i) => i !== index),
    })),
    showProblems: assign({ showProblems: true }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
    done: assign((_, { result }: { result: NewTicketAnswer }) => ({ result, failure: null })),
    reset: assign(({ context }) => blank(context)),
  },
}).createMachine({
  id: 'ticket',
  context: ({ input }) => ({ ...input, ...blank(input) }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        edit: { actions: { type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        chooseCategory: {
          actions: { type: 'chooseCategory', params: ({ event }) => ({ categoriaId: event.categoriaId }) },
        },
        choosePlace: {
          guard: { type: 'placeAllowed', params: ({ event }) => ({ lugar: event.lugar }) },
          actions: { type: 'choosePlace', params: ({ event }) => ({ lugar: event.lugar }) },
        },
        chooseDwelling: {
          guard: { type: 'hasDwelling', params: ({ event }) => ({ apmtId: event.apmtId }) },
          actions: { type: 'chooseDwelling', params: ({ event }) => ({ apmtId: event.apmtId }) },
        },
        choosePriority: {
          actions: { type: 'choosePriority', params: ({ event }) => ({ prioridad: event.prioridad }) },
        },
        attach: { guard: 'canAttach', actions: { type: 'attach', params: ({ event }) => ({ file: event.file }) } },
        detach: {
          guard: { type: 'attached', params: ({ event }) => ({ index: event.index }) },
          actions: { type: 'detach', params: ({ event }) => ({ index: event.index }) },
        },
        submit: { target: 'validating', actions: 'showProblems' },
      },
    },
    // Decides at once: every problem stays on the form, or the request goes.
    validating: {
      always: [{ guard: 'isValid', target: 'uploading' }, { target: 'editing' }],
    },
    uploading: {
      entry: 'clearFailure',
      invoke: {
        id: 'create',
        src: 'createTicket',
        input: ({ context }) => newTicketRequest(context),
        onDone: { target: 'sent', actions: { type: 'done', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Nothing typed is lost: send it again as it is, or go back and change it.
    failed: {
      on: {
        retry: 'uploading',
        revise: { target: 'editing', actions: 'clearFailure' },
      },
    },
    sent: {
      on: { again: { target: 'editing', actions: 'reset' } },
    },
  },
});
