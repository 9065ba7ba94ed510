// The permissions editor of configuracion, tab 'permisos' (issue 16): one member's role flags, permission keys
// (active and level) and role functions (0 none … 3 full). It loads the member's set, tracks whether the draft
// differs from what was read (dirty), and saves the whole set with the version it was read at. The server may
// refuse: the set changed meanwhile (stale: the fresh set is shown and the person may redo their change) or the
// change would leave the condominium without an active administrator (lastAdmin: the draft stays, to be fixed).
import { assign, fromPromise, setup } from 'xstate';
import {
  type MemberPermissions,
  type MemberRole,
  type PermissionSet,
  type PermissionsRefusal,
  sameSet,
} from '../api/memberPermissions';
import { fetchMemberPermissions, type SavePermissionsResult, saveMemberPermissions } from '../services/memberPermissionsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface PermissionsEditorContext {
  membershipId: number;
  /** The set as last read from the server (null until loaded). */
  member: MemberPermissions | null;
  /** What the person is editing. */
  draft: PermissionSet | null;
  /** The server's words on a save it refused (the set changed meanwhile, or the last administrator). */
  refusal: string | null;
  /** The last call failed: why. */
  failure: CallFailure | null;
}

export type PermissionsEditorEvent =
  | { type: 'setRole'; role: MemberRole; value: boolean }
  | { type: 'setPermission'; clave: string; activa: boolean }
  | { type: 'setLevel'; clave: string; tipo: string }
  | { type: 'setFunction'; funcion: string; tipo: number }
  | { type: 'discard' }
  | { type: 'save' }
  | { type: 'retry' };

export interface SavePermissionsInput {
  member: MemberPermissions;
  draft: PermissionSet;
}

/** The draft differs from the set as read. */
export const isDirty = (context: Pick<PermissionsEditorContext, 'member' | 'draft'>) =>
  context.member !== null && context.draft !== null && !sameSet(context.member.set, context.draft);

export const permissionsEditorMachine = setup({
  types: {
    input: {} as { membershipId: number },
    context: {} as PermissionsEditorContext,
    events: {} as PermissionsEditorEvent,
  },
  actors: {
    loadMember: fromPromise<MemberPermissions, { membershipId: number }>(({ input, signal }) =>
      fetchMemberPermissions(input.membershipId, signal),
    ),
    saveSet: fromPromise<SavePermissionsResult, SavePermissionsInput>(({ input, signal }) =>
      saveMemberPermissions({ membershipId: input.member.membershipId, version: input.member.version, set: input.draft }, signal),
    ),
  },
  guards: {
    dirty: ({ context }) => isDirty(context),
    saved: (_, { result }: { result: SavePermissionsResult }) => result.kind === 'saved',
    refusedAs: (_, { result, motivo }: { result: SavePermissionsResult; motivo: PermissionsRefusal }) =>
      result.kind === 'refused' && result.motivo === motivo,
  },
  actions: {
    loaded: assign((_, { member }: { member: MemberPermissions }) => ({
      member,
      draft: member.set,
      refusal: null,
      failure: null,
    })),
    setRole: assign(({ context }, { role, value }: { role: MemberRole; value: boolean }) => ({
      draft: context.draft && { ...context.draft, roles: { ...context.draft.roles, [role]: value } },
    })),
    setPermission: assign(({ context }, { clave, activa }: { clave: string; activa: boolean }) => ({
      draft: context.draft && {
        ...context.draft,
        permisos: context.draft.permisos.map((p) => (p.clave === clave ? { ...p, activa } : p)),
      },
    })),
    setLevel: assign(({ context }, { clave, tipo }: { clave: string; tipo: string }) => ({
      draft: context.draft && {
        ...context.draft,
        permisos: context.draft.permisos.map((p) => (p.clave === clave ? { ...p, tipo } : p)),
      },
    })),
    setFunction: assign(({ context }, { funcion, tipo }: { funcion: string; tipo: number }) => ({
      draft: context.draft && {
        ...context.draft,
        funciones: context.draft.funciones.map((f) => (f.funcion === funcion ? { ...f, tipo } : f)),
      },
    })),
    discard: assign(({ context }) => ({ draft: context.member?.set ?? null, refusal: null, failure: null })),
    /** Saved: the server's set is now both what was read and what is edited. */
    keepSaved: assign((_, { result }: { result: SavePermissionsResult }) => ({
      member: result.miembro,
      draft: result.miembro.set,
      refusal: null,
      failure: null,
    })),
    /** Stale: the fresh set replaces the draft; the person redoes their change on it. */
    takeFresh: assign((_, { result }: { result: SavePermissionsResult }) => ({
      member: result.miembro,
      draft: result.miembro.set,
      refusal: result.kind === 'refused' ? result.message : null,
      failure: null,
    })),
    /** The last administrator: the fresh set is what was read, the draft stays for the person to fix. */
    keepDraft: assign((_, { result }: { result: SavePermissionsResult }) => ({
      member: result.miembro,
      refusal: result.kind === 'refused' ? result.message : null,
      failure: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ refusal: null, failure: callFailure(error) })),
  },
}).createMachine({
  id: 'permissionsEditor',
  context: ({ input }) => ({ membershipId: input.membershipId, member: null, draft: null, refusal: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadMember',
        input: ({ context }) => ({ membershipId: context.membershipId }),
        onDone: { target: 'ready', actions: { type: 'loaded', params: ({ event }) => ({ member: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      initial: 'editing',
      on: {
        setRole: {
          target: '.editing',
          actions: { type: 'setRole', params: ({ event }) => ({ role: event.role, value: event.value }) },
        },
        setPermission: {
          target: '.editing',
          actions: { type: 'setPermission', params: ({ event }) => ({ clave: event.clave, activa: event.activa }) },
        },
        setLevel: {
          target: '.editing',
          actions: { type: 'setLevel', params: ({ event }) => ({ clave: event.clave, tipo: event.tipo }) },
        },
        setFunction: {
          target: '.editing',
          actions: { type: 'setFunction', params: ({ event }) => ({ funcion: event.funcion, tipo: event.tipo }) },
        },
        discard: { target: '.editing', actions: 'discard' },
        save: { guard: 'dirty', target: 'saving' },
      },
      states: {
        editing: {},
        saved: {},
        stale: {},
        lastAdmin: {},
        failed: { on: { retry: '#permissionsEditor.saving' } },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'saveSet',
        input: ({ context }) => ({ member: context.member!, draft: context.draft! }),
        onDone: [
          {
            guard: { type: 'saved', params: ({ event }) => ({ result: event.output }) },
            target: 'ready.saved',
            actions: { type: 'keepSaved', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'refusedAs', params: ({ event }) => ({ result: event.output, motivo: 'lastAdmin' as const }) },
            target: 'ready.lastAdmin',
            actions: { type: 'keepDraft', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'ready.stale', actions: { type: 'takeFresh', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'ready.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
