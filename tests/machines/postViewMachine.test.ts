// The post page's machine, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises: loading, not found (403/404),
// failed with retry, and in the shown post commenting where the server allows it and approving or
// rejecting where it waits for an administrator; a refused comment or review keeps the page and says why.
// Plus the limits of the comment and the rejection note.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject, fromPromise } from 'xstate';
import { COMMENT_MAX, REVIEW_NOTE_MAX } from '../../src/api/posts';
import { postViewMachine } from '../../src/machines/postViewMachine';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { COMMENT, NOT_PENDING, PENDING, POST_ID, PUBLISHED, postViewModel } from '../models/postViewMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof postViewMachine>;
const cover = coverModel(postViewModel);

describe('postViewMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof postViewMachine>;
  const ctx = () => actor.getSnapshot().context;
  const can = (type: 'retry' | 'comment' | 'approve' | 'reject') => actor.getSnapshot().can({ type });
  const canEditNote = () => actor.getSnapshot().can({ type: 'editNote', value: 'x' });
  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['fetchPost']);
      expect(calls.inputOf('fetchPost')).toEqual({ postId: POST_ID });
      expect(ctx().answer).toBeNull();
      expect(can('retry')).toBe(false);
    },
    failed: () => {
      expect(calls.pending()).toEqual([]);
      expect(ctx().answer).toBeNull();
      expect(ctx().failure).toEqual(NETWORK_FAILURE);
      expect(can('retry')).toBe(true);
    },
    notFound: () => {
      expect(calls.pending()).toEqual([]);
      expect(ctx().answer).toBeNull();
      expect(can('retry')).toBe(false);
      expect(actor.getSnapshot().can({ type: 'editComment', value: 'x' })).toBe(false);
    },
    shown: () => {
      expect(ctx().answer?.post.PostId).toBe(POST_ID);
      expect(ctx().answer?.section.SectId).toBe(9);
      expect(can('retry')).toBe(false);
    },
    'shown.idle': () => {
      expect(calls.pending()).toEqual([]);
      const { answer, draft, failure } = ctx();
      // Only a pending post is moderated, and only a published one (comments open) is commented.
      const pending = answer!.post.Estatus === 'P';
      expect(can('approve')).toBe(pending);
      expect(can('reject')).toBe(pending);
      expect(canEditNote()).toBe(pending);
      expect(answer!.canComment).toBe(answer!.post.Estatus === 'A');
      expect(can('comment')).toBe(answer!.canComment && draft === 'Bien');
      expect(answer!.post.comentarios).toBe(answer!.comments.length);
      expect([null, NETWORK_FAILURE, callFailure(NOT_PENDING)]).toContainEqual(failure);
    },
    'shown.commenting': () => {
      expect(calls.pending()).toEqual(['sendComment']);
      expect(calls.inputOf('sendComment')).toEqual({ postId: POST_ID, Texto: 'Bien' });
      expect(can('comment')).toBe(false);
    },
    'shown.approving': () => {
      expect(calls.pending()).toEqual(['sendReview']);
      expect(calls.inputOf('sendReview')).toStrictEqual({ postId: POST_ID, decision: 'approve' });
      expect(can('reject')).toBe(false);
    },
    'shown.rejecting': () => {
      expect(calls.pending()).toEqual(['sendReview']);
      // The note goes trimmed, and only when one was written.
      expect(calls.inputOf('sendReview')).toStrictEqual(
        ctx().note ? { postId: POST_ID, decision: 'reject', note: 'Ya lo tratamos.' } : { postId: POST_ID, decision: 'reject' },
      );
      expect(can('approve')).toBe(false);
    },
  };

  const reviewed = (Estatus: 'A' | 'R') => () => {
    expect(ctx().failure).toBeNull();
    expect(ctx().answer?.post.Estatus).toBe(Estatus);
    expect(ctx().answer?.canModerate).toBe(false);
  };

  walkModel(it, cover, postViewMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(postViewMachine, calls), { input: { postId: POST_ID } }).start();
    return {
      actor,
      calls,
      // What each answer leaves, from the answers themselves rather than the machine's context.
      after: {
        'xstate.done.actor.post': (step) =>
          expect(ctx().answer).toEqual((step.event as EventObject & { output: unknown }).output),
        editComment: () => expect(ctx().failure).toBeNull(),
        'xstate.done.actor.comment': () => {
          expect(ctx().draft).toBe('');
          expect(ctx().failure).toBeNull();
          expect(ctx().answer?.comments.at(-1)).toEqual(COMMENT.comment);
        },
        'xstate.error.actor.comment': () => {
          expect(ctx().draft).toBe('Bien');
          expect(ctx().failure).toEqual(NETWORK_FAILURE);
        },
        'xstate.done.actor.approve': reviewed('A'),
        'xstate.done.actor.reject': reviewed('R'),
        'xstate.error.actor.approve': () =>
          expect(ctx().failure).toMatchObject({ kind: 'refused', message: NOT_PENDING.message }),
        'xstate.error.actor.reject': () => expect(ctx().failure).toMatchObject({ kind: 'refused', message: NOT_PENDING.message }),
      },
    };
  });
});

describe('postViewMachine limits', () => {
  const shown = async (answer: typeof PENDING) => {
    const actor = createActor(postViewMachine.provide({ actors: { fetchPost: fromPromise(async () => answer) } }), {
      input: { postId: POST_ID },
    }).start();
    await settle();
    return actor;
  };

  it('offers Comentar for a comment of visible text up to COMMENT_MAX characters', async () => {
    const actor = await shown(PUBLISHED);
    actor.send({ type: 'editComment', value: '   ' });
    expect(actor.getSnapshot().can({ type: 'comment' })).toBe(false);
    actor.send({ type: 'editComment', value: 'x'.repeat(COMMENT_MAX) });
    expect(actor.getSnapshot().can({ type: 'comment' })).toBe(true);
    actor.send({ type: 'editComment', value: 'x'.repeat(COMMENT_MAX + 1) });
    expect(actor.getSnapshot().can({ type: 'comment' })).toBe(false);
  });

  it('keeps a rejection note to REVIEW_NOTE_MAX characters', async () => {
    const actor = await shown(PENDING);
    actor.send({ type: 'editNote', value: 'x'.repeat(REVIEW_NOTE_MAX + 5) });
    expect(actor.getSnapshot().context.note).toBe('x'.repeat(REVIEW_NOTE_MAX));
  });
});
