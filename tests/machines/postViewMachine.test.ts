// The post page's machine, model-based: loading, not found (403/404), failed with retry, and in the shown
// post commenting where the server allows it and approving or rejecting where it waits for an
// administrator; a refused comment or review keeps the page and says why.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { NewCommentAnswer, PostAnswer, ReviewAnswer } from '../../src/api/posts';
import { postViewMachine } from '../../src/machines/postViewMachine';
import { ApiError } from '../../src/services/http';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  walkEveryPath,
} from '../support/modelTesting';

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
  PostId: 5,
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
const PENDING: PostAnswer = {
  success: true,
  section: SECTION,
  post: { ...POST, Estatus: 'P' },
  comments: [],
  canComment: false,
  canModerate: true,
};
const PUBLISHED: PostAnswer = { ...PENDING, post: { ...POST, Estatus: 'A' }, canComment: true, canModerate: false };
const COMMENT: NewCommentAnswer = {
  success: true,
  comment: { id: 1, UserId: 3, UserName: 'Rosa', Texto: 'Bien', FechaCreada: '2026-11-21T17:00:00.000Z' },
};
const APPROVED: ReviewAnswer = { success: true, Estatus: 'A' };
const REJECTED: ReviewAnswer = { success: true, Estatus: 'R' };
const NOT_PENDING = new ApiError(409, 'CONFLICT', 'La publicación ya fue revisada.');

type Snap = Snapshot<typeof postViewMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.post', output: PENDING },
      { type: 'xstate.done.actor.post', output: PUBLISHED },
      { type: 'xstate.error.actor.post', error: new ApiError(404, 'NOT_FOUND', 'La publicación no existe.') },
      { type: 'xstate.error.actor.post', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches({ shown: 'commenting' })) {
    return [
      { type: 'xstate.done.actor.comment', output: COMMENT },
      { type: 'xstate.error.actor.comment', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches({ shown: 'approving' })) {
    return [
      { type: 'xstate.done.actor.approve', output: APPROVED },
      { type: 'xstate.error.actor.approve', error: NOT_PENDING },
    ];
  }
  if (snapshot.matches({ shown: 'rejecting' })) {
    return [
      { type: 'xstate.done.actor.reject', output: REJECTED },
      { type: 'xstate.error.actor.reject', error: NOT_PENDING },
    ];
  }
  const events: ModelEvent[] = [{ type: 'retry' }, { type: 'approve' }, { type: 'reject' }, { type: 'comment' }];
  if (snapshot.context.draft === '' && snapshot.context.answer?.comments.length === 0) {
    events.push({ type: 'editComment', value: 'Bien' });
  }
  if (snapshot.context.note === '') events.push({ type: 'editNote', value: '  Ya lo tratamos.  ' });
  return events;
}

const { paths, gaps } = coveredModel(postViewMachine, { events: eventsFor, input: { postId: 5 } });

describe('postViewMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof postViewMachine>;
  const ctx = () => actor.getSnapshot().context;
  const states: StateChecks<Snap> = {
    loading: () => expect(calls.inputOf('fetchPost')).toEqual({ postId: 5 }),
    failed: () => expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true),
    notFound: () => expect(ctx().answer).toBeNull(),
    shown: () => expect(ctx().answer?.post.PostId).toBe(5),
    'shown.idle': () => {
      const answer = ctx().answer!;
      expect(actor.getSnapshot().can({ type: 'approve' })).toBe(answer.canModerate);
      // Only a pending post is moderated; a reviewed one is not any more.
      if (answer.canModerate) expect(answer.post.Estatus).toBe('P');
      if (ctx().error) expect(['La publicación ya fue revisada.', 'network']).toContain(ctx().error);
    },
    'shown.commenting': () => expect(calls.inputOf('sendComment')).toEqual({ postId: 5, Texto: 'Bien' }),
    'shown.approving': () => expect(calls.inputOf('sendReview')).toEqual({ postId: 5, decision: 'approve' }),
    'shown.rejecting': () =>
      expect(calls.inputOf('sendReview')).toStrictEqual(
        ctx().note ? { postId: 5, decision: 'reject', note: 'Ya lo tratamos.' } : { postId: 5, decision: 'reject' },
      ),
  };

  walkEveryPath(it, postViewMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(postViewMachine, calls, ['fetchPost', 'sendComment', 'sendReview']), {
      input: { postId: 5 },
    }).start();
    return {
      actor,
      calls,
      send: ['retry', 'editComment', 'editNote', 'comment', 'approve', 'reject'],
      invoked: { post: 'fetchPost', comment: 'sendComment', approve: 'sendReview', reject: 'sendReview' },
    };
  });
});
