// Filing a request to the administrator (Nueva solicitud) as a test model, for a resident with one dwelling in
// a section with two categories: at the start the place switched to a common area (and back to the
// dwelling), the priority raised and a photo attached and removed; then the category, the title, the
// description and (in a common area) its name, each once; Enviar solicitud at any point (the problems show,
// or the request goes); each answer (sent with the section's confirmation message and a copy by e-mail, sent
// plain, refused, no connection), and after a failure sending again or going back to the form. The words its
// scenarios are told in: docs/scenarios/ticketMachine.md.
import type { EventObject } from 'xstate';
import type { NewTicketAnswer } from '../../src/api/tickets';
import { ticketMachine } from '../../src/machines/ticketMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

type Snap = Snapshot<typeof ticketMachine>;

export const DWELLING = { ApmtId: 101, Nombre: 'Torre A - 101' };
export const CATEGORIES = [
  { id: 1, nombre: 'Mantenimiento', activa: true },
  { id: 2, nombre: 'Seguridad', activa: true },
];
export const INPUT = { sectionId: 2, categorias: CATEGORIES, viviendas: [DWELLING] };
export const PHOTO = { name: 'fuga.png', dataUrl: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB' };
/** Typed with blanks around them: the request is sent without them. */
export const TITLE = ' Fuga en el baño ';
export const DESCRIPTION = 'Gotea la llave del lavabo desde ayer.';
export const AREA = 'Alberca';

export const SENT_WITH_MESSAGE: NewTicketAnswer = {
  success: true,
  TicketId: 58,
  MensajeConfirmacion: 'Gracias, te responderemos en menos de 24 horas.',
  copiaEnviada: true,
};
export const SENT_PLAIN: NewTicketAnswer = { success: true, TicketId: 59, MensajeConfirmacion: null, copiaEnviada: false };
export const REFUSAL = new ApiError(403, 'FORBIDDEN', 'No puedes enviar solicitudes en esta sección.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

/** Nothing chosen yet: where the first choices (place, priority, file) are offered. */
const untouched = (s: Snap) => s.context.categoriaId === null && !s.context.showProblems;

export const ticketModel = defineModel({
  machine: ticketMachine,
  input: INPUT,
  payloads: {
    edit: (s) => [
      ...(s.context.categoriaId !== null && !s.context.titulo ? [{ field: 'titulo' as const, value: TITLE }] : []),
      ...(s.context.titulo && !s.context.descripcion ? [{ field: 'descripcion' as const, value: DESCRIPTION }] : []),
      ...(s.context.descripcion && s.context.lugar === 'area' && !s.context.areaComun
        ? [{ field: 'areaComun' as const, value: AREA }]
        : []),
    ],
    chooseCategory: (s) => (s.context.categoriaId === null ? [{ categoriaId: 1 }] : []),
    // The place: to a common area at the start, back to the dwelling by picking it.
    choosePlace: (s) =>
      untouched(s) && s.context.lugar === 'vivienda' && s.context.prioridad === 'media' ? [{ lugar: 'area' }] : [],
    chooseDwelling: (s) => (untouched(s) && s.context.lugar === 'area' ? [{ apmtId: DWELLING.ApmtId }] : []),
    choosePriority: (s) => (untouched(s) && s.context.prioridad === 'media' ? [{ prioridad: 'alta' }] : []),
    attach: (s) => (untouched(s) && s.context.adjuntos.length === 0 && s.context.lugar === 'vivienda' ? [{ file: PHOTO }] : []),
    detach: (s) => (untouched(s) && s.context.adjuntos.length === 1 ? [{ index: 0 }] : []),
    submit: BARE,
    retry: BARE,
    revise: BARE,
    again: BARE,
    'xstate.done.actor.create': [{ output: SENT_WITH_MESSAGE }, { output: SENT_PLAIN }],
    'xstate.error.actor.create': [{ error: REFUSAL }, { error: NO_CONNECTION }],
  },
  label: (e: EventObject) => {
    const event = e as EventObject & { output?: NewTicketAnswer; error?: ApiError; file?: { name: string } };
    if (event.type === 'xstate.done.actor.create')
      return `done create:${event.output!.MensajeConfirmacion ? 'with message' : 'plain'}`;
    if (event.type === 'xstate.error.actor.create') return `error create:${event.error!.status || 'network'}`;
    if (event.type === 'attach') return `attach ${event.file!.name}`;
    return eventLabel(e);
  },
  words: {
    states: {
      editing:
        'The form Nueva solicitud: Categoría, Título, Descripción, ¿Dónde? (En mi vivienda with Vivienda, or En un área común with Área común), Prioridad, Adjuntar fotos o PDF and Enviar solicitud; once sending was tried, each missing field says what it needs and “Revisa los campos marcados.”',
      validating: 'Nothing new: the form is checked at once.',
      uploading: 'The fields are disabled, Enviar solicitud spins and “Enviando tu solicitud…” is said.',
      failed:
        'An alert “No pudimos enviar tu solicitud” with the server’s words (or that the server could not be reached), Reintentar and Corregir; everything typed is still there.',
      sent: 'A status “Solicitud enviada” with the number, the section’s confirmation message and “Te enviamos una copia por correo electrónico.” when so; Ver solicitud and Enviar otra solicitud.',
    },
    events: {
      edit: (e) =>
        `types “${String(e.value).trim()}” in ${e.field === 'titulo' ? 'Título' : e.field === 'descripcion' ? 'Descripción' : 'Área común'}`,
      chooseCategory: () => 'chooses Mantenimiento in Categoría',
      choosePlace: () => 'chooses En un área común',
      chooseDwelling: () => `chooses ${DWELLING.Nombre} in Vivienda`,
      choosePriority: () => 'chooses Alta in Prioridad',
      attach: () => `attaches ${PHOTO.name}`,
      detach: () => `removes ${PHOTO.name}`,
      submit: () => 'presses Enviar solicitud',
      retry: () => 'presses Reintentar',
      revise: () => 'presses Corregir',
      again: () => 'presses Enviar otra solicitud',
      'xstate.done.actor.create': (e) =>
        (e.output as NewTicketAnswer).MensajeConfirmacion
          ? 'the server files it, with the section’s message and a copy by e-mail'
          : 'the server files it',
      'xstate.error.actor.create': (e) =>
        (e.error as ApiError).status ? `the server refuses: “${(e.error as ApiError).message}”` : 'the connection fails',
    },
  },
});
