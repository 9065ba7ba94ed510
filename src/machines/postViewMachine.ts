// /condominio/comunicacion/ver-publicacion/{postID}: the post with its attachments and comments. Where
// the server says so (canComment) the member comments; an administrator approves or rejects a post that
// waits for approval. A post that is not theirs to read is "not found"; a failed load offers retry.
import { assign, fromPromise, setup } from 'xstate';
import { COMMENT_MAX, type NewCommentAnswer, type PostAnswer, REVIEW_NOTE_MAX, type ReviewAnswer } from '../api/posts';
import { addComment, fetchPost, reviewPost } from '../services/postsService';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

export interface PostViewContext {
  postId: number;
  answer: PostAnswer | null;
  draft: string;
  /** The administrator's reason for a rejection (optional; the author reads it). */
  note: string;
  /** The last load, comment or review failed: why. */
  failure: CallFailure | null;
}

export type PostViewEvent =
  | { type: 'retry' }
  | { type: 'editComment'; value: string }
  | { type: 'editNote'; value: string }
  | { type: 'comment' }
  | { type: 'approve' }
  | { type: 'reject' };

export const postViewMachine = setup({
  types: {
    input: {} as { postId: number },
    context: {} as PostViewContext,
    events: {} as PostViewEvent,
  },
  actors: {
    fetchPost: fromPromise<PostAnswer, { postId: number }>(({ input, signal }) => fetchPost(input.postId, signal)),
    sendComment: fromPromise<NewCommentAnswer, { postId: number; Texto: string }>(({ input, signal }) =>
      addComment(input, signal),
    ),
    sendReview: fromPromise<ReviewAnswer, { postId: number; decision: 'approve' | 'reject'; note?: string }>(
      ({ input, signal }) => reviewPost(input, signal),
    ),
  },
  guards: {
    missing: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    canComment: ({ context }) =>
      !!context.answer?.canComment && context.draft.trim().length > 0 && context.draft.length <= COMMENT_MAX,
    canModerate: ({ context }) => !!context.answer?.canModerate,
  },
  actions: {
    show: assign((_, { answer }: { answer: PostAnswer }) => ({ answer, failure: null })),
    editDraft: assign((_, { value }: { value: string }) => ({ draft: value, failure: null })),
    editNote: assign((_, { value }: { value: string }) => ({ note: value.slice(0, REVIEW_NOTE_MAX) })),
    appendComment: assign(({ context }, { result }: { result: NewCommentAnswer }) => ({
      draft: '',
      failure: null,
      answer: context.answer && {
        ...context.answer,
        comments: [...context.answer.comments, result.comment],
        post: { ...context.answer.post, comentarios: context.answer.post.comentarios + 1 },
      },
    })),
    reviewed: assign(({ context }, { result }: { result: ReviewAnswer }) => ({
      failure: null,
      answer: context.answer && {
        ...context.answer,
        canModerate: false,
        post: { ...context.answer.post, Estatus: result.Estatus },
        canComment: result.Estatus === 'A' && context.answer.section.CommentsDisplay === 'Y',
      },
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'postView',
  context: ({ input }) => ({ postId: input.postId, answer: null, draft: '', note: '', failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'post',
        src: 'fetchPost',
        input: ({ context }) => ({ postId: context.postId }),
        onDone: { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        onError: [
          { guard: { type: 'missing', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    notFound: {},
    shown: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            editComment: { actions: { type: 'editDraft', params: ({ event }) => ({ value: event.value }) } },
            editNote: { guard: 'canModerate', actions: { type: 'editNote', params: ({ event }) => ({ value: event.value }) } },
            comment: { guard: 'canComment', target: 'commenting' },
            approve: { guard: 'canModerate', target: 'approving' },
            reject: { guard: 'canModerate', target: 'rejecting' },
          },
        },
        commenting: {
          invoke: {
            id: 'comment',
            src: 'sendComment',
            input: ({ context }) => ({ postId: context.postId, Texto: context.draft.trim() }),
            onDone: { target: 'idle', actions: { type: 'appendComment', params: ({ event }) => ({ result: event.output }) } },
            onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        approving: {
          invoke: {
            id: 'approve',
            src: 'sendReview',
            input: ({ context }) => ({ postId: context.postId, decision: 'approve' as const }),
            onDone: { target: 'idle', actions: { type: 'reviewed', params: ({ event }) => ({ result: event.output }) } },
            onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        rejecting: {
          invoke: {
            id: 'reject',
            src: 'sendReview',
            input: ({ context }) => ({
              postId: context.postId,
              decision: 'reject' as const,
              ...(context.note.trim() ? { note: context.note.trim() } : {}),
            }),
            onDone: { target: 'idle', actions: { type: 'reviewed', params: ({ event }) => ({ result: event.output }) } },
            onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
