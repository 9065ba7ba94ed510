// /condominio/mis-invitados: a resident's passes and links, a page at a time; creating a pass, an event or a
// user link (and, for administrators, a condo link) with the thing just created offered for sharing;
// revoking a pass or link and cancelling an event after a confirmation. Refusals the server gives (a rule,
// not yours, already gone) come back as typed results and show their message; a call that breaks down is kept
// as its failure (src/machines/shared/callFailure.ts).
import { assign, fromPromise, setup } from 'xstate';
import {
  type CondoLink,
  eventProblems,
  guestLinkPath,
  type LocalNow,
  MY_GUESTS_MESSAGES,
  MY_GUESTS_PAGE_SIZE,
  type MyGuestsMessage,
  type MyGuestsOverview,
  type MyLink,
  type MyPass,
  type NewEvent,
  type NewPass,
  passPagePath,
  passProblems,
} from '../api/myGuests';
import { ApiError } from '../services/http';
import * as service from '../services/myGuestsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type ListName = 'passes' | 'links';
export type FormName = 'pass' | 'event';

/** What a confirmation is about. */
export interface PendingAction {
  kind: 'revokePass' | 'revokeLink' | 'cancelEvent';
  id: number;
  /** What the dialog names: the visitor's or the event's name, or the link's token. */
  name: string;
}

export type SaveRequest =
  | { kind: 'pass'; values: NewPass }
  | { kind: 'event'; values: NewEvent }
  | { kind: 'userLink' }
  | { kind: 'condoLink' };

export type Created = { kind: 'pass'; item: MyPass } | { kind: 'link'; item: MyLink } | { kind: 'condoLink'; item: CondoLink };

/** Why something was refused: a rule's message, or what the server said in general. */
export type ProblemKey = MyGuestsMessage | 'forbidden' | 'notFound' | 'failed';
export interface Problem {
  key: ProblemKey;
  field: string | null;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem };

/** Something to share: a pass page or a registration link. */
export interface Shareable {
  kind: 'pass' | 'userLink' | 'eventLink' | 'condoLink';
  /** The visitor's or the event's name; null for plain links. */
  name: string | null;
  /** Path on this site (the view adds the origin). */
  path: string;
}

export interface LoadedMyGuests {
  overview: MyGuestsOverview;
  passes: { items: MyPass[]; total: number };
  links: { items: MyLink[]; total: number };
}

export interface MyGuestsContext {
  overview: MyGuestsOverview | null;
  passes: MyPass[];
  passesTotal: number;
  links: MyLink[];
  linksTotal: number;
  condoLinks: CondoLink[];
  form: FormName | null;
  pending: PendingAction | null;
  /** The server's refusal of the last change, as the screen words it. */
  problem: Problem | null;
  /** The last call that broke down instead (the first load, a change, a page more): why. */
  failure: CallFailure | null;
  shared: Shareable | null;
  /** The list a "load more" is for. */
  loadingList: ListName | null;
}

export type MyGuestsEvent =
  | { type: 'retry' }
  | { type: 'openForm'; form: FormName }
  | { type: 'closeForm' }
  | { type: 'submitPass'; values: NewPass; now: LocalNow }
  | { type: 'submitEvent'; values: NewEvent; now: LocalNow }
  | { type: 'createUserLink' }
  | { type: 'createCondoLink' }
  | { type: 'ask'; action: PendingAction }
  | { type: 'confirm' }
  | { type: 'dismiss' }
  | { type: 'loadMore'; list: ListName }
  | { type: 'dismissShare' }
  | { type: 'dismissProblem' };

const messageKeys = Object.keys(MY_GUESTS_MESSAGES) as MyGuestsMessage[];

/** A refusal the server gave, as the screen words it; anything else is not a refusal. */
export function problemOf(error: unknown): Problem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 400) {
    // By the message's id: the text comes in the reader's language.
    const known = messageKeys.find((key) => error.messageId === `invites.problem.${key}`);
    return { key: known ?? 'failed', field: error.field ?? null };
  }
  if (error.status === 403) return { key: 'forbidden', field: null };
  if (error.status === 404) return { key: 'notFound', field: null };
  return null;
}

/** Runs a call; a refusal is a result, a breakdown stays an error. */
async function outcome<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const problem = problemOf(error);
    if (problem) return { ok: false, problem };
    throw error;
  }
}

async function loadMyGuests(signal: AbortSignal): Promise<LoadedMyGuests> {
  const overview = await service.fetchOverview(signal);
  if (!overview.canInvite) return { overview, passes: { items: [], total: 0 }, links: { items: [], total: 0 } };
  const first = { limit: MY_GUESTS_PAGE_SIZE, offset: 0 };
  const [passes, links] = await Promise.all([service.fetchPasses(first, signal), service.fetchLinks(first, signal)]);
  return { overview, passes, links };
}

async function save(request: SaveRequest, signal: AbortSignal): Promise<Created> {
  switch (request.kind) {
    case 'pass':
      return { kind: 'pass', item: (await service.createPass(request.values, signal)).item };
    case 'event':
      return { kind: 'link', item: (await service.createEvent(request.values, signal)).item };
    case 'userLink':
      return { kind: 'link', item: (await service.createUserLink(signal)).item };
    case 'condoLink':
      return { kind: 'condoLink', item: (await service.createCondoLink(signal)).item };
  }
}

async function runAction(action: PendingAction, signal: AbortSignal): Promise<void> {
  if (action.kind === 'revokePass') await service.revokePass(action.id, signal);
  else if (action.kind === 'revokeLink') await service.revokeLink(action.id, signal);
  else await service.cancelEvent(action.id, signal);
}

type MorePage = { list: ListName; items: (MyPass | MyLink)[]; total: number };

async function fetchMore(input: { list: ListName; offset: number }, signal: AbortSignal): Promise<MorePage> {
  const page = { limit: MY_GUESTS_PAGE_SIZE, offset: input.offset };
  const answer = input.list === 'passes' ? await service.fetchPasses(page, signal) : await service.fetchLinks(page, signal);
  return { list: input.list, items: answer.items, total: answer.total };
}

/** Appends a page; an item already shown (the list moved while paging) is not shown twice. */
export function appendUnique<T extends { id: number }>(items: T[], page: T[]): T[] {
  const shown = new Set(items.map((item) => item.id));
  return [...items, ...page.filter((item) => !shown.has(item.id))];
}

/** What the share card offers for something just created. */
export function shareableOf(created: Created, condoId: number): Shareable {
  if (created.kind === 'pass') {
    return { kind: 'pass', name: created.item.Nombre, path: passPagePath(condoId, created.item.QR) };
  }
  if (created.kind === 'condoLink') return { kind: 'condoLink', name: null, path: guestLinkPath(created.item.token) };
  const event = created.item.event;
  return event
    ? { kind: 'eventLink', name: event.Nombre, path: guestLinkPath(created.item.token) }
    : { kind: 'userLink', name: null, path: guestLinkPath(created.item.token) };
}

const FAILED: Problem = { key: 'failed', field: null };

/** The failure of a call, kept from its error event (the saves are built by savingWith, below). */
const failWith = { type: 'fail' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) };

export const myGuestsMachine = setup({
  types: {
    context: {} as MyGuestsContext,
    events: {} as MyGuestsEvent,
  },
  actors: {
    loadMyGuests: fromPromise<LoadedMyGuests>(({ signal }) => loadMyGuests(signal)),
    save: fromPromise<Outcome<Created>, SaveRequest>(({ input, signal }) => outcome(() => save(input, signal))),
    runAction: fromPromise<Outcome<void>, PendingAction>(({ input, signal }) => outcome(() => runAction(input, signal))),
    fetchMore: fromPromise<MorePage, { list: ListName; offset: number }>(({ input, signal }) => fetchMore(input, signal)),
  },
  guards: {
    canInvite: ({ context }) => context.overview?.canInvite === true,
    canManageCondoLink: ({ context }) => context.overview?.canManageCondoLink === true,
    passValid: ({ context, event }) =>
      event.type === 'submitPass' &&
      context.form === 'pass' &&
      Object.keys(
        passProblems(
          event.values,
          event.now,
          (context.overview?.dwellings ?? []).map((d) => d.AptId),
        ),
      ).length === 0,
    eventValid: ({ context, event }) =>
      event.type === 'submitEvent' &&
      context.form === 'event' &&
      Object.keys(
        eventProblems(
          event.values,
          event.now,
          (context.overview?.accessPoints ?? []).map((p) => p.PuntoAccesoId),
        ),
      ).length === 0,
    hasMore: ({ context, event }) =>
      event.type === 'loadMore' &&
      (event.list === 'passes' ? context.passes.length < context.passesTotal : context.links.length < context.linksTotal),
    saved: (_, params: { result: Outcome<Created> }) => params.result.ok,
    done: (_, params: { result: Outcome<void> }) => params.result.ok,
    goneAlready: (_, params: { result: Outcome<void> }) => !params.result.ok && params.result.problem.key === 'notFound',
    formOpen: ({ context }) => context.form !== null,
  },
  actions: {
    showLoaded: assign((_, { loaded }: { loaded: LoadedMyGuests }) => ({
      overview: loaded.overview,
      passes: loaded.passes.items,
      passesTotal: loaded.passes.total,
      links: loaded.links.items,
      linksTotal: loaded.links.total,
      condoLinks: loaded.overview.condoLinks,
      problem: null,
      failure: null,
    })),
    openForm: assign(({ event }) => ({
      form: event.type === 'openForm' ? event.form : null,
      problem: null,
      failure: null,
      shared: null,
    })),
    closeForm: assign({ form: null, problem: null, failure: null }),
    clearProblem: assign({ problem: null, failure: null }),
    addCreated: assign(({ context }, { result }: { result: Outcome<Created> }) => {
      if (!result.ok) return {};
      const created = result.value;
      const shared = shareableOf(created, context.overview?.CondoId ?? 0);
      const base = { form: null, problem: null, failure: null, shared };
      if (created.kind === 'pass') {
        return { ...base, passes: [created.item, ...context.passes], passesTotal: context.passesTotal + 1 };
      }
      if (created.kind === 'link') {
        return { ...base, links: [created.item, ...context.links], linksTotal: context.linksTotal + 1 };
      }
      return { ...base, condoLinks: [created.item, ...context.condoLinks] };
    }),
    showRefusal: assign((_, { problem }: { problem: Problem }) => ({ problem, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ problem: null, failure: callFailure(error) })),
    ask: assign(({ event }) => (event.type === 'ask' ? { pending: event.action, problem: null, failure: null } : {})),
    forgetPending: assign({ pending: null }),
    applyAction: assign(({ context }) => {
      const action = context.pending;
      if (!action) return {};
      if (action.kind === 'revokePass') {
        const passes = context.passes.filter((p) => p.id !== action.id);
        return {
          passes,
          passesTotal: context.passesTotal - (context.passes.length - passes.length),
          pending: null,
          shared: null,
        };
      }
      if (action.kind === 'cancelEvent') {
        const links = context.links.map((l) =>
          l.event?.id === action.id ? { ...l, event: { ...l.event, Estatus: 'cancelado' } } : l,
        );
        return { links, pending: null };
      }
      const links = context.links.filter((l) => l.id !== action.id);
      return {
        links,
        linksTotal: context.linksTotal - (context.links.length - links.length),
        condoLinks: context.condoLinks.filter((l) => l.id !== action.id),
        pending: null,
        shared: null,
      };
    }),
    markLoading: assign(({ event }) => ({
      loadingList: event.type === 'loadMore' ? event.list : null,
      problem: null,
      failure: null,
    })),
    appendMore: assign(({ context }, { page }: { page: MorePage }) => {
      const last = page.items.length < MY_GUESTS_PAGE_SIZE;
      if (page.list === 'passes') {
        const passes = appendUnique(context.passes, page.items as MyPass[]);
        return { passes, passesTotal: last ? passes.length : page.total, loadingList: null };
      }
      const links = appendUnique(context.links, page.items as MyLink[]);
      return { links, linksTotal: last ? links.length : page.total, loadingList: null };
    }),
    stopLoading: assign({ loadingList: null }),
    dismissShare: assign({ shared: null }),
  },
}).createMachine({
  id: 'myGuests',
  context: {
    overview: null,
    passes: [],
    passesTotal: 0,
    links: [],
    linksTotal: 0,
    condoLinks: [],
    form: null,
    pending: null,
    problem: null,
    failure: null,
    shared: null,
    loadingList: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMyGuests',
        src: 'loadMyGuests',
        onDone: { target: 'ready', actions: { type: 'showLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        onError: { target: 'failure', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failure: {
      on: { retry: { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      on: {
        dismissShare: { actions: 'dismissShare' },
        dismissProblem: { actions: 'clearProblem' },
      },
      states: {
        idle: {
          on: {
            openForm: { guard: 'canInvite', target: 'editing', actions: 'openForm' },
            createUserLink: { guard: 'canInvite', target: 'saving.userLink' },
            createCondoLink: { guard: 'canManageCondoLink', target: 'saving.condoLink' },
            ask: { target: 'confirming', actions: 'ask' },
            loadMore: { guard: 'hasMore', target: 'loadingMore', actions: 'markLoading' },
          },
        },
        editing: {
          on: {
            closeForm: { target: 'idle', actions: 'closeForm' },
            submitPass: { guard: 'passValid', target: 'saving.pass' },
            submitEvent: { guard: 'eventValid', target: 'saving.event' },
          },
        },
        saving: {
          entry: 'clearProblem',
          initial: 'pass',
          states: {
            pass: {
              invoke: savingWith(({ event }) => (event.type === 'submitPass' ? { kind: 'pass', values: event.values } : null)),
            },
            event: {
              invoke: savingWith(({ event }) => (event.type === 'submitEvent' ? { kind: 'event', values: event.values } : null)),
            },
            userLink: { invoke: savingWith(() => ({ kind: 'userLink' })) },
            condoLink: { invoke: savingWith(() => ({ kind: 'condoLink' })) },
          },
        },
        confirming: {
          on: {
            confirm: { target: 'acting' },
            dismiss: { target: 'idle', actions: 'forgetPending' },
          },
        },
        acting: {
          invoke: {
            id: 'runAction',
            src: 'runAction',
            input: ({ context }) => context.pending!,
            onDone: [
              {
                guard: { type: 'done', params: ({ event }) => ({ result: event.output }) },
                target: 'idle',
                actions: 'applyAction',
              },
              {
                // Revoked or cancelled elsewhere meanwhile: it goes from the list all the same, with a word why.
                guard: { type: 'goneAlready', params: ({ event }) => ({ result: event.output }) },
                target: 'idle',
                actions: ['applyAction', { type: 'showRefusal', params: () => ({ problem: { key: 'notFound', field: null } }) }],
              },
              {
                target: 'idle',
                actions: [
                  'forgetPending',
                  {
                    type: 'showRefusal',
                    params: ({ event }) => ({ problem: event.output.ok ? FAILED : event.output.problem }),
                  },
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: ['forgetPending', { type: 'fail', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
        loadingMore: {
          invoke: {
            id: 'fetchMore',
            src: 'fetchMore',
            input: ({ context }) => {
              const list = context.loadingList ?? 'passes';
              return { list, offset: list === 'passes' ? context.passes.length : context.links.length };
            },
            onDone: { target: 'idle', actions: { type: 'appendMore', params: ({ event }) => ({ page: event.output }) } },
            onError: {
              target: 'idle',
              actions: ['stopLoading', { type: 'fail', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
      },
    },
  },
});

/**
 * The save of one saving sub-state: its request from the event that entered it; a saved thing goes to the
 * list and the share card, a refusal back to the form (or the list, for links) with its message.
 */
function savingWith(request: (args: { event: MyGuestsEvent }) => SaveRequest | null) {
  return {
    id: 'save',
    src: 'save' as const,
    input: ({ event }: { event: MyGuestsEvent }) => request({ event }) ?? { kind: 'userLink' as const },
    onDone: [
      {
        guard: {
          type: 'saved' as const,
          params: ({ event }: { event: { output: Outcome<Created> } }) => ({ result: event.output }),
        },
        target: '#myGuests.ready.idle',
        actions: {
          type: 'addCreated' as const,
          params: ({ event }: { event: { output: Outcome<Created> } }) => ({ result: event.output }),
        },
      },
      {
        guard: 'formOpen' as const,
        target: '#myGuests.ready.editing',
        actions: {
          type: 'showRefusal' as const,
          params: ({ event }: { event: { output: Outcome<Created> } }) => ({
            problem: event.output.ok ? FAILED : event.output.problem,
          }),
        },
      },
      {
        target: '#myGuests.ready.idle',
        actions: {
          type: 'showRefusal' as const,
          params: ({ event }: { event: { output: Outcome<Created> } }) => ({
            problem: event.output.ok ? FAILED : event.output.problem,
          }),
        },
      },
    ],
    onError: [
      { guard: 'formOpen' as const, target: '#myGuests.ready.editing', actions: failWith },
      { target: '#myGuests.ready.idle', actions: failWith },
    ],
  };
}
