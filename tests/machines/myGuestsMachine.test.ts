// The Mis invitados machine, model-based: every event the machine declares offered from tests/models, every
// branch walked (or listed unreachable, with the invariant that makes it so shown below) against a real
// actor whose calls are controllable promises answered like the server (a resident who is also an
// administrator, 11 passes in pages of 10, one event link, the demo condo link). Plus the pure helpers:
// refusals, share links, paging without duplicates.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { MY_GUESTS_MESSAGES } from '../../src/api/myGuests';
import {
  appendUnique,
  type Created,
  myGuestsMachine,
  type Outcome,
  type PendingAction,
  problemOf,
  shareableOf,
} from '../../src/machines/myGuestsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { ApiError } from '../../src/services/http';
import {
  ACTIONS,
  CONDO,
  condoLink,
  eventLink,
  GONE,
  INVALID_EVENT,
  INVALID_PASS,
  LOADED,
  myGuestsModel,
  myPass,
  NOT_YOURS,
  NOW,
  newCondoLink,
  OVERVIEW,
  PASSES_TOTAL,
  userLink,
  VALID_EVENT,
  VALID_PASS,
} from '../models/myGuestsMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type PathStep, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof myGuestsMachine>;
const cover = coverModel(myGuestsModel);
const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('myGuestsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('has a form open exactly while editing or saving a pass or an event (why eight branches are unreachable)', () => {
    const open = ['ready.editing', 'ready.saving.pass', 'ready.saving.event'];
    for (const path of cover.paths) {
      for (const { state } of path.steps) {
        const s = state as Snap;
        expect(s.context.form !== null).toBe(open.some((key) => s.matches(key as never)));
      }
    }
  });

  let calls = controllablePromises();
  let actor: Actor<typeof myGuestsMachine>;
  /** What the confirmation was about, kept when it is confirmed (the answer's check needs it). */
  let confirmed: PendingAction | null = null;
  const now = () => actor.getSnapshot();
  const can = (event: Parameters<Snap['can']>[0]) => now().can(event);
  const saving = (s: Snap, form: string | null, request: object) => {
    expect(calls.inputOf('save')).toEqual(request);
    expect(s.context.form).toBe(form);
  };

  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadMyGuests']);
      expect(s.context.overview).toBeNull();
      expect(can({ type: 'retry' })).toBe(false);
    },
    failure: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.overview).toBeNull();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    ready: (s) => {
      expect(s.context.overview).toEqual(OVERVIEW);
      // Never an item twice, never more than the total.
      for (const list of [s.context.passes, s.context.links, s.context.condoLinks])
        expect(new Set(ids(list)).size).toBe(list.length);
      expect(s.context.passes.length).toBeLessThanOrEqual(s.context.passesTotal);
      expect(s.context.links.length).toBeLessThanOrEqual(s.context.linksTotal);
    },
    'ready.idle': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context).toMatchObject({ form: null, pending: null, loadingList: null });
      expect(can({ type: 'openForm', form: 'pass' })).toBe(true);
      expect(can({ type: 'createCondoLink' })).toBe(true);
      expect(can({ type: 'loadMore', list: 'passes' })).toBe(s.context.passes.length < s.context.passesTotal);
      expect(can({ type: 'loadMore', list: 'links' })).toBe(s.context.links.length < s.context.linksTotal);
      // A form is never sent without being open, whatever the view does.
      expect(can({ type: 'submitPass', values: VALID_PASS, now: NOW })).toBe(false);
    },
    'ready.editing': (s) => {
      expect(calls.pending()).toEqual([]);
      // An invalid form is never sent; a valid one only from its own dialog.
      expect(can({ type: 'submitPass', values: INVALID_PASS, now: NOW })).toBe(false);
      expect(can({ type: 'submitEvent', values: INVALID_EVENT, now: NOW })).toBe(false);
      expect(can({ type: 'submitPass', values: VALID_PASS, now: NOW })).toBe(s.context.form === 'pass');
      expect(can({ type: 'submitEvent', values: VALID_EVENT, now: NOW })).toBe(s.context.form === 'event');
      expect(can({ type: 'openForm', form: 'pass' })).toBe(false);
    },
    'ready.saving': (s) => {
      expect(calls.pending()).toEqual(['save']);
      expect(s.context.problem).toBeNull();
      expect(can({ type: 'closeForm' })).toBe(false);
    },
    'ready.saving.pass': (s) => saving(s, 'pass', { kind: 'pass', values: VALID_PASS }),
    'ready.saving.event': (s) => saving(s, 'event', { kind: 'event', values: VALID_EVENT }),
    'ready.saving.userLink': (s) => saving(s, null, { kind: 'userLink' }),
    'ready.saving.condoLink': (s) => saving(s, null, { kind: 'condoLink' }),
    'ready.confirming': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(ACTIONS).toContainEqual(s.context.pending);
      expect(can({ type: 'confirm' })).toBe(true);
      expect(can({ type: 'dismiss' })).toBe(true);
      expect(can({ type: 'openForm', form: 'pass' })).toBe(false);
    },
    'ready.acting': (s) => {
      expect(calls.pending()).toEqual(['runAction']);
      expect(calls.inputOf('runAction')).toEqual(confirmed);
      expect(s.context.pending).toEqual(confirmed);
      expect(can({ type: 'confirm' })).toBe(false);
    },
    // Only the passes have a second page: it starts after the one shown.
    'ready.loadingMore': (s) => {
      expect(calls.pending()).toEqual(['fetchMore']);
      expect(calls.inputOf('fetchMore')).toEqual({ list: 'passes', offset: 1 });
      expect(s.context.loadingList).toBe('passes');
    },
  };

  const output = (step: PathStep) => (step.event as Payload).output;
  const problem = (key: string | null) =>
    expect(now().context.problem).toEqual(key === null ? null : expect.objectContaining({ key }));
  /** A call broke down: no refusal to word, the failure kept (the model's calls fail without an answer). */
  const broke = () => expect(now().context).toMatchObject({ problem: null, failure: NETWORK_FAILURE });
  /** What a done action leaves in the lists, by its kind. */
  const applied = (action: PendingAction) => {
    const c = now().context;
    if (action.kind === 'revokePass')
      expect({ passes: ids(c.passes), total: c.passesTotal }).toEqual({ passes: [], total: PASSES_TOTAL - 1 });
    if (action.kind === 'cancelEvent') expect(c.links.find((l) => l.id === eventLink.id)!.event!.Estatus).toBe('cancelado');
    if (action.kind === 'revokeLink') expect(c.condoLinks).toEqual([]);
  };
  const SHARED: Record<Created['kind'] | 'eventLink', (c: Snap['context']) => void> = {
    pass: (c) => {
      expect({ first: c.passes[0]!.id, total: c.passesTotal }).toEqual({ first: 200, total: PASSES_TOTAL + 1 });
      expect(c.shared).toEqual({ kind: 'pass', name: 'Julia Ramos', path: `/invitacion/${CONDO}/QR200` });
    },
    eventLink: (c) => {
      expect({ first: c.links[0]!.id, total: c.linksTotal }).toEqual({ first: 52, total: 2 });
      expect(c.shared).toEqual({ kind: 'eventLink', name: 'Carne asada', path: '/registro-invitados/tok-evento' });
    },
    link: (c) => {
      expect(c.links[0]).toEqual(userLink);
      expect(c.shared).toEqual({ kind: 'userLink', name: null, path: '/registro-invitados/tok-usuario' });
    },
    condoLink: (c) => {
      expect(c.condoLinks[0]).toEqual(newCondoLink);
      expect(c.shared).toEqual({ kind: 'condoLink', name: null, path: '/registro-invitados/tok-condo-2' });
    },
  };

  const leadsTo = {
    retry: () => expect(calls.pending()).toEqual(['loadMyGuests']),
    openForm: (step: PathStep) => expect(now().context).toMatchObject({ form: (step.event as Payload).form, shared: null }),
    closeForm: () => expect(now().context).toMatchObject({ form: null, problem: null, failure: null }),
    ask: (step: PathStep) => expect(now().context.pending).toEqual((step.event as Payload).action),
    confirm: () => {
      confirmed = now().context.pending;
    },
    dismiss: () => expect(now().value).toEqual({ ready: 'idle' }),
    dismissShare: () => expect(now().context.shared).toBeNull(),
    dismissProblem: () => expect(now().context).toMatchObject({ problem: null, failure: null }),
    // Created: first in its list, offered to share, the form closed.
    'xstate.done.actor.save': (step: PathStep) => {
      const answer = output(step) as Outcome<Created>;
      // Refused: back to its form (or to the list, for links) with the rule's message.
      if (!answer.ok) {
        expect(now().value).toEqual({ ready: now().context.form ? 'editing' : 'idle' });
        return problem(answer.problem.key);
      }
      expect(now().context.form).toBeNull();
      const created = answer.value;
      SHARED[created.kind === 'link' && created.item.event ? 'eventLink' : created.kind](now().context);
    },
    'xstate.error.actor.save': () => broke(),
    'xstate.done.actor.runAction': (step: PathStep) => {
      const answer = output(step) as Outcome<void>;
      expect(now().context.pending).toBeNull();
      if (answer.ok) {
        applied(confirmed!);
        problem(null);
      } else if (answer.problem.key === 'notFound') {
        // Gone already: it leaves the list all the same, with a word why.
        applied(confirmed!);
        problem('notFound');
      } else {
        expect(now().context.passes).toEqual(LOADED.passes.items);
        problem(answer.problem.key);
      }
    },
    'xstate.error.actor.runAction': () => {
      expect(now().context).toMatchObject({ pending: null, passes: LOADED.passes.items });
      broke();
    },
    // The next page after the one shown, the pass shown twice by the server only once.
    'xstate.done.actor.fetchMore': () => {
      expect(ids(now().context.passes)).toEqual([100, 99, 98, 97, 96, 95, 94, 93, 92, 91]);
      expect(now().context.passesTotal).toBe(PASSES_TOTAL);
    },
    'xstate.error.actor.fetchMore': () => {
      expect(now().context.loadingList).toBeNull();
      broke();
    },
  };

  walkModel(it, cover, myGuestsMachine, states, () => {
    calls = controllablePromises();
    confirmed = null;
    actor = createActor(provideCalls(myGuestsMachine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});

describe('myGuestsMachine outcomes', () => {
  async function ready() {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(myGuestsMachine, calls)).start();
    calls.resolve('loadMyGuests', LOADED);
    await settle();
    return { calls, actor };
  }
  const tick = settle;

  it('offers creating to those who may invite, and the condo link to administrators only', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(myGuestsMachine, calls)).start();
    const resident = { ...OVERVIEW, canInvite: true, canManageCondoLink: false };
    calls.resolve('loadMyGuests', { ...LOADED, overview: resident });
    await settle();
    expect(actor.getSnapshot().can({ type: 'createUserLink' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'createCondoLink' })).toBe(false);

    const other = controllablePromises();
    const guestless = createActor(provideCalls(myGuestsMachine, other)).start();
    other.resolve('loadMyGuests', { ...LOADED, overview: { ...resident, canInvite: false } });
    await settle();
    expect(guestless.getSnapshot().can({ type: 'openForm', form: 'pass' })).toBe(false);
    expect(guestless.getSnapshot().can({ type: 'createUserLink' })).toBe(false);
  });

  it('hides the share card when a form opens, and the last message when something new is asked', async () => {
    const { calls, actor } = await ready();
    actor.send({ type: 'createUserLink' });
    calls.resolve('save', { ok: true, value: { kind: 'link', item: userLink } });
    await tick();
    expect(actor.getSnapshot().context.shared).not.toBeNull();
    actor.send({ type: 'openForm', form: 'pass' });
    expect(actor.getSnapshot().context.shared).toBeNull();
    actor.send({ type: 'closeForm' });
    actor.send({ type: 'createCondoLink' });
    calls.resolve('save', NOT_YOURS as never);
    await tick();
    expect(actor.getSnapshot().context.problem).toEqual({ key: 'forbidden', field: null });
    actor.send({ type: 'ask', action: ACTIONS[0]! });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('puts a new pass first and offers its pass page to share', async () => {
    const { calls, actor } = await ready();
    actor.send({ type: 'openForm', form: 'pass' });
    actor.send({ type: 'submitPass', values: VALID_PASS, now: NOW });
    calls.resolve('save', { ok: true, value: { kind: 'pass', item: myPass(200, 'Julia Ramos') } });
    await tick();
    const c = actor.getSnapshot().context;
    expect(c.passes.map((p) => p.id)).toEqual([200, 100]);
    expect(c.passesTotal).toBe(PASSES_TOTAL + 1);
    expect(c.shared).toEqual({ kind: 'pass', name: 'Julia Ramos', path: `/invitacion/${CONDO}/QR200` });
  });

  it('keeps the form open with the rule the server refused', async () => {
    const { calls, actor } = await ready();
    actor.send({ type: 'openForm', form: 'event' });
    actor.send({ type: 'submitEvent', values: VALID_EVENT, now: NOW });
    calls.resolve('save', { ok: false, problem: { key: 'eventPast', field: 'fecha' } });
    await tick();
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toEqual({ key: 'eventPast', field: 'fecha' });
  });

  it('removes a revoked pass, marks a cancelled event, drops a revoked condo link', async () => {
    const { calls, actor } = await ready();
    const run = async (action: PendingAction) => {
      actor.send({ type: 'ask', action });
      actor.send({ type: 'confirm' });
      calls.resolve('runAction', { ok: true, value: undefined });
      await tick();
    };
    await run({ kind: 'revokePass', id: 100, name: 'Visita 100' });
    await run({ kind: 'cancelEvent', id: 9, name: 'Carne asada' });
    await run({ kind: 'revokeLink', id: 60, name: 'tok-condo' });
    const c = actor.getSnapshot().context;
    expect(c.passes).toEqual([]);
    expect(c.passesTotal).toBe(PASSES_TOTAL - 1);
    expect(c.links[0]!.event!.Estatus).toBe('cancelado');
    expect(c.condoLinks).toEqual([]);
  });

  it('drops what was revoked elsewhere meanwhile, and says so; keeps what is not yours', async () => {
    const { calls, actor } = await ready();
    actor.send({ type: 'ask', action: { kind: 'revokeLink', id: 50, name: 'Carne asada' } });
    actor.send({ type: 'confirm' });
    calls.resolve('runAction', NOT_YOURS);
    await tick();
    expect(actor.getSnapshot().context).toMatchObject({ links: [eventLink], problem: { key: 'forbidden' }, pending: null });
    actor.send({ type: 'ask', action: { kind: 'revokeLink', id: 50, name: 'Carne asada' } });
    actor.send({ type: 'confirm' });
    calls.resolve('runAction', GONE);
    await tick();
    expect(actor.getSnapshot().context).toMatchObject({ links: [], linksTotal: 0, problem: { key: 'notFound' }, pending: null });
  });
});

describe('myGuests helpers', () => {
  it('words the server’s refusals, and leaves breakdowns as errors', () => {
    const refusal = (message: string) =>
      new ApiError(400, 'BAD_REQUEST', message, 'fechaFin', 'invites.problem.fechaFinBeforeStart');
    expect(problemOf(refusal(MY_GUESTS_MESSAGES.fechaFinBeforeStart))).toEqual({ key: 'fechaFinBeforeStart', field: 'fechaFin' });
    // Known by its id in any language the server answered in.
    expect(problemOf(refusal('End date cannot be before the start date.'))).toEqual({
      key: 'fechaFinBeforeStart',
      field: 'fechaFin',
    });
    expect(problemOf(new ApiError(400, 'BAD_REQUEST', 'tipo: el formato no es válido.', 'tipo', 'errors.input.format'))).toEqual({
      key: 'failed',
      field: 'tipo',
    });
    expect(problemOf(new ApiError(403, 'FORBIDDEN', 'No'))).toEqual({ key: 'forbidden', field: null });
    expect(problemOf(new ApiError(404, 'NOT_FOUND', 'No'))).toEqual({ key: 'notFound', field: null });
    expect(problemOf(new ApiError(0, 'NETWORK', 'Failed to fetch'))).toBeNull();
    expect(problemOf(new Error('x'))).toBeNull();
  });

  it('shares pass pages and registration links', () => {
    expect(shareableOf({ kind: 'link', item: eventLink }, CONDO)).toEqual({
      kind: 'eventLink',
      name: 'Carne asada',
      path: '/registro-invitados/tok-evento',
    });
    expect(shareableOf({ kind: 'link', item: userLink }, CONDO)).toEqual({
      kind: 'userLink',
      name: null,
      path: '/registro-invitados/tok-usuario',
    });
    expect(shareableOf({ kind: 'condoLink', item: condoLink }, CONDO).path).toBe('/registro-invitados/tok-condo');
  });

  it('appends pages without duplicates', () => {
    expect(appendUnique([myPass(3), myPass(2)], [myPass(2), myPass(1)]).map((p) => p.id)).toEqual([3, 2, 1]);
  });
});
