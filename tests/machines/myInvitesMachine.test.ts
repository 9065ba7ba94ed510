// The Mis invitados machine, model-based: every state node and every transition walked against a real actor
// whose calls are controllable promises answered like the server (a resident who is also an administrator,
// 11 passes in pages of 10, one event link, the demo condo link). Creating is offered from the first list
// only, so the model stays finite. Plus the pure helpers: refusals, share links, paging without duplicates.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  type CondoLink,
  emptyEvent,
  emptyPass,
  INVITE_MESSAGES,
  INVITES_PAGE_SIZE,
  type InvitesOverview,
  type MyLink,
  type MyPass,
} from '../../src/api/invites';
import {
  appendUnique,
  type Created,
  type LoadedInvites,
  myInvitesMachine,
  type Outcome,
  type PendingAction,
  problemOf,
  shareableOf,
} from '../../src/machines/myInvitesMachine';
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

const NOW = { date: '2025-06-02', time: '12:00' };
const CONDO = 1;

const myPass = (id: number, name = `Visita ${id}`): MyPass => ({
  id,
  Tipo: 'temporal',
  Nombre: name,
  Email: null,
  Telefono: null,
  QR: `QR${id}`,
  ClaveManual: 'ABCD2345',
  DiasAcceso: [],
  FechaInicio: '2025-06-03',
  FechaFin: '2025-06-03',
  HoraInicio: null,
  HoraFin: null,
  NombreInfante: null,
  TorreName: 'Torre A',
  AptName: '101',
  CondoId: CONDO,
  createdAt: '2025-06-02T18:00:00.000Z',
});
const eventLink: MyLink = {
  id: 50,
  type: 'event',
  token: 'tok-evento',
  createdAt: '2025-06-02T18:00:00.000Z',
  event: {
    id: 9,
    Nombre: 'Carne asada',
    Fecha: '2025-06-07',
    Hora: '14:00',
    Estatus: 'activo',
    Invitados: 0,
    LimiteInvitados: 10,
  },
};
const userLink: MyLink = { id: 51, type: 'user', token: 'tok-usuario', createdAt: '2025-06-02T18:00:00.000Z', event: null };
const condoLink: CondoLink = { id: 60, token: 'tok-condo', createdAt: '2025-06-02T18:00:00.000Z' };
const newCondoLink: CondoLink = { id: 61, token: 'tok-condo-2', createdAt: '2025-06-02T18:00:00.000Z' };

const OVERVIEW: InvitesOverview = {
  success: true,
  CondoId: CONDO,
  dwellings: [{ AptId: 7, AptName: '101', TorreName: 'Torre A' }],
  accessPoints: [{ PuntoAccesoId: 3, Nombre: 'Acceso principal', Address: null, Coordinates: null }],
  canInvite: true,
  canManageCondoLink: true,
  condoLinks: [condoLink],
};
const PASSES_TOTAL = INVITES_PAGE_SIZE + 1;
const LOADED: LoadedInvites = {
  overview: OVERVIEW,
  passes: { items: [myPass(100)], total: PASSES_TOTAL },
  links: { items: [eventLink], total: 1 },
};

const VALID_PASS = { ...emptyPass('2025-06-03', 7), nombre: 'Julia Ramos' };
const INVALID_PASS = { ...VALID_PASS, nombre: ' ' };
const VALID_EVENT = { ...emptyEvent('2025-06-07', 3), nombre: 'Carne asada' };
const INVALID_EVENT = { ...VALID_EVENT, fecha: '2025-06-01' };
const REFUSED: Outcome<Created> = { ok: false, problem: { key: 'nombreRequired', field: 'nombre' } };
const NOT_YOURS: Outcome<void> = { ok: false, problem: { key: 'forbidden', field: null } };
const GONE: Outcome<void> = { ok: false, problem: { key: 'notFound', field: null } };

type Snap = Snapshot<typeof myInvitesMachine>;

const createdFor = (snapshot: Snap): Created => {
  if (snapshot.matches({ ready: { saving: 'pass' } })) return { kind: 'pass', item: myPass(200, 'Julia Ramos') };
  if (snapshot.matches({ ready: { saving: 'event' } })) return { kind: 'link', item: { ...eventLink, id: 52 } };
  if (snapshot.matches({ ready: { saving: 'userLink' } })) return { kind: 'link', item: userLink };
  return { kind: 'condoLink', item: newCondoLink };
};

/** Nothing created, revoked or paged yet: the only list creating is offered from (keeps the model finite). */
const pristine = (snapshot: Snap) => {
  const c = snapshot.context;
  return c.passes.length === 1 && c.passesTotal === PASSES_TOTAL && c.links.length === 1 && c.condoLinks.length === 1;
};

function eventsFor(snapshot: Snap): ModelEvent[] {
  const c = snapshot.context;
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadInvites', output: LOADED },
      { type: 'xstate.error.actor.loadInvites', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches('failure')) return [{ type: 'retry' }];
  if (snapshot.matches({ ready: 'saving' })) {
    return [
      { type: 'xstate.done.actor.save', output: { ok: true, value: createdFor(snapshot) } },
      { type: 'xstate.done.actor.save', output: REFUSED },
      { type: 'xstate.error.actor.save', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches({ ready: 'acting' })) {
    return [
      { type: 'xstate.done.actor.runAction', output: { ok: true, value: undefined } },
      { type: 'xstate.done.actor.runAction', output: NOT_YOURS },
      { type: 'xstate.done.actor.runAction', output: GONE },
      { type: 'xstate.error.actor.runAction', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches({ ready: 'loadingMore' })) {
    const list = c.loadingList;
    return [
      {
        type: 'xstate.done.actor.fetchMore',
        output:
          list === 'passes'
            ? { list, items: Array.from({ length: INVITES_PAGE_SIZE }, (_, i) => myPass(99 - i)), total: PASSES_TOTAL }
            : { list, items: [], total: 1 },
      },
      { type: 'xstate.error.actor.fetchMore', error: new Error('Failed to fetch') },
    ];
  }
  const events: ModelEvent[] = [];
  if (c.shared) events.push({ type: 'dismissShare' });
  if (c.problem) events.push({ type: 'dismissProblem' });
  if (snapshot.matches({ ready: 'confirming' })) events.push({ type: 'confirm' }, { type: 'dismiss' });
  if (snapshot.matches({ ready: 'editing' })) {
    events.push(
      { type: 'closeForm' },
      { type: 'submitPass', values: VALID_PASS, now: NOW },
      { type: 'submitPass', values: INVALID_PASS, now: NOW },
      { type: 'submitEvent', values: VALID_EVENT, now: NOW },
      { type: 'submitEvent', values: INVALID_EVENT, now: NOW },
    );
  }
  if (snapshot.matches({ ready: 'idle' }) && !c.shared && !c.problem && pristine(snapshot)) {
    const ask = (action: PendingAction) => ({ type: 'ask', action });
    events.push(
      { type: 'openForm', form: 'pass' },
      { type: 'openForm', form: 'event' },
      { type: 'createUserLink' },
      { type: 'createCondoLink' },
      ask({ kind: 'revokePass', id: 100, name: 'Visita 100' }),
      ask({ kind: 'cancelEvent', id: 9, name: 'Carne asada' }),
      ask({ kind: 'revokeLink', id: 60, name: 'tok-condo' }),
      { type: 'loadMore', list: 'passes' },
      { type: 'loadMore', list: 'links' },
    );
  }
  return events;
}

const { paths, gaps } = coveredModel(myInvitesMachine, { events: eventsFor });

describe('myInvitesMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof myInvitesMachine>;
  const ctx = () => actor.getSnapshot().context;
  const states: StateChecks<Snap> = {
    loading: () => expect(ctx().overview).toBeNull(),
    failure: () => {
      expect(ctx().overview).toBeNull();
      expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true);
    },
    ready: () => expect(ctx().overview).toEqual(OVERVIEW),
    'ready.idle': () => {
      expect(ctx()).toMatchObject({ form: null, pending: null, loadingList: null });
      // An invalid form is never sent, whatever the view does.
      expect(actor.getSnapshot().can({ type: 'submitPass', values: VALID_PASS, now: NOW })).toBe(false);
    },
    'ready.editing': () => {
      expect(ctx().form).not.toBeNull();
      expect(actor.getSnapshot().can({ type: 'submitPass', values: INVALID_PASS, now: NOW })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'submitEvent', values: INVALID_EVENT, now: NOW })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'submitPass', values: VALID_PASS, now: NOW })).toBe(ctx().form === 'pass');
      expect(actor.getSnapshot().can({ type: 'submitEvent', values: VALID_EVENT, now: NOW })).toBe(ctx().form === 'event');
    },
    'ready.saving': () => expect(ctx().problem).toBeNull(),
    'ready.saving.pass': () => expect(calls.inputOf('save')).toEqual({ kind: 'pass', values: VALID_PASS }),
    'ready.saving.event': () => expect(calls.inputOf('save')).toEqual({ kind: 'event', values: VALID_EVENT }),
    'ready.saving.userLink': () => expect(calls.inputOf('save')).toEqual({ kind: 'userLink' }),
    'ready.saving.condoLink': () => expect(calls.inputOf('save')).toEqual({ kind: 'condoLink' }),
    'ready.confirming': () => expect(ctx().pending).not.toBeNull(),
    'ready.acting': () => expect(calls.inputOf('runAction')).toEqual(ctx().pending),
    'ready.loadingMore': () => {
      const list = ctx().loadingList;
      expect(calls.inputOf('fetchMore')).toEqual({ list, offset: list === 'passes' ? ctx().passes.length : ctx().links.length });
    },
  };

  walkEveryPath(it, myInvitesMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(myInvitesMachine, calls, ['loadInvites', 'save', 'runAction', 'fetchMore'])).start();
    return {
      actor,
      calls,
      send: [
        'retry',
        'openForm',
        'closeForm',
        'submitPass',
        'submitEvent',
        'createUserLink',
        'createCondoLink',
        'ask',
        'confirm',
        'dismiss',
        'loadMore',
        'dismissShare',
        'dismissProblem',
      ],
      invoked: ['loadInvites', 'save', 'runAction', 'fetchMore'],
    };
  });
});

describe('myInvitesMachine outcomes', () => {
  async function ready() {
    const calls = controllablePromises();
    const actor = createActor(
      providePromises(myInvitesMachine, calls, ['loadInvites', 'save', 'runAction', 'fetchMore']),
    ).start();
    calls.resolve('loadInvites', LOADED);
    await new Promise((r) => setTimeout(r, 0));
    return { calls, actor };
  }
  const tick = () => new Promise((r) => setTimeout(r, 0));

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

describe('myInvites helpers', () => {
  it('words the server’s refusals, and leaves breakdowns as errors', () => {
    const refusal = (message: string) =>
      new ApiError(400, 'BAD_REQUEST', message, 'fechaFin', 'invites.problem.fechaFinBeforeStart');
    expect(problemOf(refusal(INVITE_MESSAGES.fechaFinBeforeStart))).toEqual({ key: 'fechaFinBeforeStart', field: 'fechaFin' });
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
