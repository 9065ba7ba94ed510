// The administrator's "Invitar" dialog (configuracion, tab residentes): an e-mail and a name, then either a
// dwelling (active ones only) with owner or tenant, or one or more staff / board roles. Nothing is said before
// sending is tried; then every problem of the draft. The server refuses an e-mail already living in that
// dwelling (409) or a dwelling gone (404): the dialog says so and the draft stays to be changed. A failure of the
// connection offers a retry. Once sent, the dialog says the e-mail went out.
import { is } from 'superstruct';
import { assign, fromPromise, setup } from 'xstate';
import type { Invitation, InviteRequest, ResidencyKind, StaffRole } from '../api/invitations';
import { Email } from '../api/validation';
import { ApiError } from '../services/http';
import { sendInvitation } from '../services/invitationsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type InviteTarget = 'dwelling' | 'staff';

export interface InvitationDraft {
  email: string;
  name: string;
  target: InviteTarget;
  ApmtId: number | null;
  kind: ResidencyKind;
  roles: StaffRole[];
}

export const EMPTY_INVITATION: InvitationDraft = {
  email: '',
  name: '',
  target: 'dwelling',
  ApmtId: null,
  kind: 'owner',
  roles: [],
};

export type InvitationProblem = 'email' | 'name' | 'ApmtId' | 'roles';

/** Every problem of a draft, by field (the view's messages: invitations.invite.problem.<field>). */
export function invitationProblems(draft: InvitationDraft): InvitationProblem[] {
  const problems: InvitationProblem[] = [];
  if (!is(draft.email.trim(), Email)) problems.push('email');
  if (draft.name.trim() === '') problems.push('name');
  if (draft.target === 'dwelling' && draft.ApmtId === null) problems.push('ApmtId');
  if (draft.target === 'staff' && draft.roles.length === 0) problems.push('roles');
  return problems;
}

/** The request a complete draft makes. */
export function inviteRequest(draft: InvitationDraft): InviteRequest {
  const dwelling = draft.target === 'dwelling';
  return {
    email: draft.email.trim().toLowerCase(),
    name: draft.name.trim(),
    ApmtId: dwelling ? draft.ApmtId : null,
    kind: dwelling ? draft.kind : null,
    roles: dwelling ? [] : draft.roles,
  };
}

export interface InvitationContext {
  draft: InvitationDraft;
  showProblems: boolean;
  /** The last send failed (a refusal, or no answer): why. */
  failure: CallFailure | null;
  sent: Invitation | null;
}

export type InvitationEvent =
  | { type: 'edit'; patch: Partial<InvitationDraft> }
  | { type: 'send' }
  | { type: 'retry' }
  | { type: 'back' }
  /** After one went out: a new, empty draft for the next person. */
  | { type: 'another' };

export const invitationMachine = setup({
  types: {
    input: {} as { draft?: Partial<InvitationDraft> },
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
  },
  actors: {
    sendInvitation: fromPromise<Invitation, InviteRequest>(({ input, signal }) => sendInvitation(input, signal)),
  },
  guards: {
    valid: ({ context }) => invitationProblems(context.draft).length === 0,
    /** The server said no with its words (already a resident, the dwelling is gone, a field). */
    refused: (_, { error }: { error: unknown }) =>
      error instanceof ApiError && (error.status === 400 || error.status === 404 || error.status === 409),
  },
  actions: {
    edit: assign(({ context }, { patch }: { patch: Partial<InvitationDraft> }) => ({ draft: { ...context.draft, ...patch } })),
    showProblems: assign({ showProblems: true }),
    keepSent: assign((_, { invitation }: { invitation: Invitation }) => ({ sent: invitation, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
    startOver: assign({ draft: EMPTY_INVITATION, showProblems: false, failure: null, sent: null }),
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({
    draft: { ...EMPTY_INVITATION, ...input.draft },
    showProblems: false,
    failure: null,
    sent: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        edit: { actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
        send: [{ guard: 'valid', target: 'sending' }, { actions: 'showProblems' }],
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'sendInvitation',
        input: ({ context }) => inviteRequest(context.draft),
        onDone: { target: 'sent', actions: { type: 'keepSent', params: ({ event }) => ({ invitation: event.output }) } },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // The refusal stays shown until the draft changes.
    refused: {
      on: {
        edit: {
          target: 'editing',
          actions: ['forgetFailure', { type: 'edit', params: ({ event }) => ({ patch: event.patch }) }],
        },
      },
    },
    failed: { on: { retry: 'sending', back: { target: 'editing', actions: 'forgetFailure' } } },
    sent: { on: { another: { target: 'editing', actions: 'startOver' } } },
  },
});
