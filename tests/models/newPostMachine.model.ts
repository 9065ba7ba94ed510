// A section's new-post form as a test model (a section that allows private posts, private by default, written by
// an administrator who may mark it important): the privacy and the importance switched and a file attached and
// removed before the title is written, then title and text,
// and each answer (published, pending approval, refused, no connection). The words its scenarios are told
// in: docs/scenarios/newPostMachine.md.
import type { NewPostAnswer } from '../../src/api/posts';
import { newPostMachine } from '../../src/machines/newPostMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const INPUT = { sectionId: 7, canMarkPrivate: true, defaultPrivate: true, canMarkImportant: true };
export const FILE = { name: 'foto.png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' };
/** Typed with blanks around it: the post is sent without them. */
export const TITLE = ' Bicicleta ';
export const TEXT = 'En la caseta';
export const PUBLISHED: NewPostAnswer = { success: true, PostId: 41, Estatus: 'A' };
export const PENDING: NewPostAnswer = { success: true, PostId: 42, Estatus: 'P' };
export const REFUSAL = new ApiError(403, 'FORBIDDEN', 'Solo los administradores publican en esta sección.');
/** What the services throw when the server cannot be reached. */
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

export const newPostModel = defineModel({
  machine: newPostMachine,
  input: INPUT,
  payloads: {
    // Each field filled once.
    edit: (s) => [
      ...(s.context.title ? [] : [{ field: 'title' as const, value: TITLE }]),
      ...(s.context.text ? [] : [{ field: 'text' as const, value: TEXT }]),
    ],
    // The privacy and the file before the title is written (the states stay few).
    togglePrivate: (s) => (s.context.title ? [] : BARE),
    toggleImportant: (s) => (s.context.title ? [] : BARE),
    attach: (s) => (!s.context.title && s.context.attachments.length === 0 ? [{ file: FILE }] : []),
    detach: (s) => (!s.context.title && s.context.attachments.length === 1 ? [{ index: 0 }] : []),
    submit: BARE,
    again: BARE,
    'xstate.done.actor.send': [{ output: PUBLISHED }, { output: PENDING }],
    'xstate.error.actor.send': [{ error: REFUSAL }, { error: NO_CONNECTION }],
  },
  label: (e) => {
    const event = e as { type: string; output?: NewPostAnswer; error?: unknown; file?: { name: string } };
    if (event.type === 'xstate.done.actor.send') return `done send:${event.output!.Estatus}`;
    if (event.type === 'xstate.error.actor.send') return `error send:${(event.error as ApiError).status || 'network'}`;
    if (event.type === 'attach') return `attach ${event.file!.name}`;
    return eventLabel(e);
  },
  words: {
    states: {
      editing:
        'Nueva publicación: Título, Texto, Publicación privada, Aviso importante, Adjuntar imagen o PDF and Publicar (on once title and text are written); a refusal or No pudimos comunicarnos con el servidor… under it.',
      sending: 'Publicar shows it is sending.',
      sent: 'Tu publicación ya está visible. (or quedó pendiente de aprobación), with Escribir otra.',
    },
    events: {
      edit: (e) => `types “${e.value}” in ${e.field === 'title' ? 'Título' : 'Texto'}`,
      togglePrivate: () => 'switches Publicación privada',
      toggleImportant: () => 'switches Aviso importante',
      attach: (e) => `attaches ${(e.file as { name: string }).name}`,
      detach: () => 'removes the attached file',
      submit: () => 'presses Publicar',
      again: () => 'presses Escribir otra',
      'xstate.done.actor.send': (e) =>
        (e.output as NewPostAnswer).Estatus === 'P' ? 'the server keeps the post for approval' : 'the server publishes the post',
      'xstate.error.actor.send': (e) =>
        (e.error as ApiError).status ? `the server refuses: “${(e.error as ApiError).message}”` : 'the connection fails',
    },
  },
});
