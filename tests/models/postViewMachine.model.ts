// The post page (comunicacion/ver-publicacion/{postID}) as a test model: a post waiting for approval and
// a published one, the answers of the comment and review calls, and the words its scenarios are told in
// (docs/scenarios/postViewMachine.md).
import type { EventObject } from 'xstate';
import type { NewCommentAnswer, PostAnswer, ReviewAnswer } from '../../src/api/posts';
import { postViewMachine } from '../../src/machines/postViewMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const POST_ID = 5;

const SECTION = {
  SectId: 9,
  SectName: 'Comité de jardinería',
  SectCode: '',
  SectPosting: 'B' as const,
  CommentsDisplay: 'Y' as const,
  VistaxTorre: 0 as const,
  SolPrivada: 1 as const,
  PublicoPrivado: 0 as const,
  ExclusivaUsuarios: 'Y' as const,
  SectStatus: 'A' as const,
  blogCount: 1,
};
const POST = {
  PostId: POST_ID,
  SectId: 9,
  Titulo: 'Riego',
  Texto: 'Goteo',
  UserId: 2,
  UserName: 'Carlos Ramírez Soto',
  TorreName: null,
  Privado: 0 as const,
  FechaCreada: '2026-11-21T16:00:00.000Z',
  comentarios: 0,
  adjuntos: [],
};
/** Waits for an administrator, who is the reader: approve, reject, no comments yet. */
export const PENDING: PostAnswer = {
  success: true,
  section: SECTION,
  post: { ...POST, Estatus: 'P' },
  comments: [],
  canComment: false,
  canModerate: true,
};
/** Published in a section with comments: the reader comments. */
export const PUBLISHED: PostAnswer = { ...PENDING, post: { ...POST, Estatus: 'A' }, canComment: true, canModerate: false };
export const COMMENT: NewCommentAnswer = {
  success: true,
  comment: { id: 1, UserId: 3, UserName: 'Rosa', Texto: 'Bien', FechaCreada: '2026-11-21T17:00:00.000Z' },
};
export const NOT_PENDING = new ApiError(409, 'CONFLICT', 'La publicación ya fue revisada.');
export const NOTE = '  Ya lo tratamos.  ';

const answerName = (answer: PostAnswer) => (answer.canModerate ? 'a post waiting for approval' : 'a published post');
const failure = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? `refuses (${error.status})` : 'cannot be reached';

/** Test names tell the loaded post and the refusal apart: `done post:pending`, `error post:404`. */
const label = (event: EventObject) => {
  const { output, error } = event as EventObject & { output?: PostAnswer; error?: unknown };
  if (event.type === 'xstate.done.actor.post') return `done post:${output?.canModerate ? 'pending' : 'published'}`;
  if (event.type.startsWith('xstate.error.') && error instanceof ApiError && error.status > 0)
    return `${eventLabel(event)}:${error.status}`;
  return eventLabel(event);
};

export const postViewModel = defineModel({
  machine: postViewMachine,
  input: { postId: POST_ID },
  label,
  payloads: {
    retry: BARE,
    // One comment per path, where the page shows the comment box, keeps the state space small; typed again
    // after a failed send, it clears the error.
    editComment: (s) => {
      const { answer, draft, failure } = s.context;
      if (!answer?.canComment) return [];
      return (draft === '' && answer.comments.length === 0) || failure ? [{ value: 'Bien' }] : [];
    },
    editNote: (s) => (s.context.note === '' ? [{ value: NOTE }] : []),
    // Until one comment is in: every comment adds to the context, so a machine that let more through
    // would make the state space endless.
    comment: (s) => (s.context.answer?.comments.length === 0 ? BARE : []),
    approve: BARE,
    reject: BARE,
    'xstate.done.actor.post': [{ output: PENDING }, { output: PUBLISHED }],
    'xstate.error.actor.post': [
      { error: new ApiError(404, 'NOT_FOUND', 'La publicación no existe.') },
      { error: new ApiError(403, 'FORBIDDEN', 'No tienes acceso.') },
      { error: new ApiError(0, 'NETWORK', 'Failed to fetch') },
    ],
    'xstate.done.actor.comment': [{ output: COMMENT }],
    'xstate.error.actor.comment': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.approve': [{ output: { success: true, Estatus: 'A' } satisfies ReviewAnswer }],
    'xstate.error.actor.approve': [{ error: NOT_PENDING }],
    'xstate.done.actor.reject': [{ output: { success: true, Estatus: 'R' } satisfies ReviewAnswer }],
    'xstate.error.actor.reject': [{ error: NOT_PENDING }],
  },
  words: {
    states: {
      loading: 'A card of grey placeholder lines while the post loads.',
      failed: 'An alert says the post could not be loaded, with Reintentar.',
      notFound: 'An alert says “Esta publicación no existe o no tienes acceso a ella.” with Volver a los blogs.',
      shown: 'The post: Volver a la sección, its title, author and date, text and attachments, then Comentarios.',
      'shown.idle':
        'Waiting for approval, the administrator sees Motivo del rechazo, Aprobar and Rechazar; where comments are open, Escribe un comentario and Comentar; a failed send says why under the comments.',
      'shown.commenting': 'The post stays; Comentar shows it is sending and the fields are disabled.',
      'shown.approving': 'The post stays; Aprobar shows it is sending and the fields are disabled.',
      'shown.rejecting': 'The post stays; Rechazar shows it is sending and the fields are disabled.',
    },
    events: {
      retry: () => 'presses Reintentar',
      editComment: (e) => `types “${e.value}” in Escribe un comentario`,
      editNote: (e) => `types “${String(e.value).trim()}” in Motivo del rechazo`,
      comment: () => 'presses Comentar',
      approve: () => 'presses Aprobar',
      reject: () => 'presses Rechazar',
      'xstate.done.actor.post': (e) => `the server sends ${answerName(e.output as PostAnswer)}`,
      'xstate.error.actor.post': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.comment': () => 'the server adds the comment',
      'xstate.error.actor.comment': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.approve': () => 'the server publishes the post',
      'xstate.error.actor.approve': (e) => `the server ${failure(e.error)}: already reviewed`,
      'xstate.done.actor.reject': () => 'the server rejects the post',
      'xstate.error.actor.reject': (e) => `the server ${failure(e.error)}: already reviewed`,
    },
  },
});
