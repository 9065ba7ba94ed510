// The guest registration machine, model-based: every state and transition walked against a real actor
// whose calls are controllable promises, with the form info of every kind of link (spec §4) and the
// server's every answer to a registration. Plus its rules: the dependent lists of the condo form and
// what the form sends.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import { GUEST_MESSAGES, type GuestFormInfo, guestProblems } from '../../src/api/guests';
import { apartmentsFor, guestRegistrationMachine, residentsFor, toSubmission } from '../../src/machines/guestRegistrationMachine';
import type { GuestFormResult } from '../../src/services/guestService';
import { ANSWERS, LOADS, nextField, OPENED_AT, REGISTERED } from '../support/guestFixtures';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  settle,
  walkEveryPath,
} from '../support/modelTesting';

type Snap = Snapshot<typeof guestRegistrationMachine>;

function eventsFor(s: Snap): ModelEvent[] {
  if (s.matches('loading')) {
    return [
      ...Object.values(LOADS).map((output) => ({ type: 'xstate.done.actor.loadForm', output })),
      { type: 'xstate.error.actor.loadForm', error: new Error('Failed to fetch') },
    ];
  }
  if (s.matches('submitting')) {
    return [
      ...ANSWERS.map((output) => ({ type: 'xstate.done.actor.submitGuest', output })),
      { type: 'xstate.error.actor.submitGuest', error: new Error('Failed to fetch') },
    ];
  }
  if (s.matches('form')) {
    const next = nextField(s);
    // Submitting is tried on the empty form (messages show) and on the complete one.
    const submit = !s.context.values.nombre || !next ? [{ type: 'submit' }] : [];
    // Once the guest went by car, going back on foot is a choice too.
    const foot =
      s.context.values.formaDeAcceso === 'auto' && s.context.values.placas
        ? [{ type: 'field.change', field: 'formaDeAcceso', value: 'pie' }]
        : [];
    return [...(next ? [next] : []), ...submit, ...foot];
  }
  return [];
}

const INPUT = { token: 'demo-evento', openedAt: OPENED_AT };
const { paths, gaps } = coveredModel(guestRegistrationMachine, { input: INPUT, events: eventsFor });

describe('guestRegistrationMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
    expect(paths.length).toBeGreaterThan(20);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof guestRegistrationMachine>;
  const ended = (s: Snap) => expect(s.status).toBe('done');
  const states: StateChecks<Snap> = {
    loading: () => expect(calls.inputOf('loadForm')).toBe('demo-evento'),
    invalid: ended,
    cancelled: ended,
    ended,
    guestLimit: ended,
    form: (s) => {
      expect(calls.inputOf('submitGuest')).toBeUndefined();
      expect(s.context.shape).not.toBeNull();
      expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true);
      // No parking: the car is refused and the guest stays on foot.
      const car = { type: 'field.change', field: 'formaDeAcceso', value: 'auto' } as const;
      expect(actor.getSnapshot().can(car)).toBe(!s.context.parkingFull);
      if (s.context.parkingFull) expect(s.context.values.formaDeAcceso).toBe('pie');
    },
    'form.editing': (s) => expect(s.matches({ form: 'failed' })).toBe(false),
    'form.failed': (s) => expect(Object.keys(guestProblems(s.context.values, s.context.shape!))).toEqual([]),
    submitting: (s) =>
      expect(calls.inputOf('submitGuest')).toEqual({
        token: 'demo-evento',
        guest: toSubmission(s.context.values, s.context.shape),
      }),
    success: (s) => {
      expect(s.status).toBe('done');
      expect(s.context.registered).toEqual(REGISTERED);
    },
  };

  walkEveryPath(it, guestRegistrationMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(guestRegistrationMachine, calls, ['loadForm', 'submitGuest']), {
      input: INPUT,
    }).start();
    return { actor, calls, send: ['field.change', 'submit'], invoked: ['loadForm', 'submitGuest'] };
  });
});

describe('guestRegistrationMachine with the answer that came with the page', () => {
  it.each(Object.keys(LOADS))('starts where the call’s answer would lead, without calling: %s', async (kind) => {
    const result = LOADS[kind]!;
    const called = controllablePromises();
    const loaded = createActor(providePromises(guestRegistrationMachine, called, ['loadForm', 'submitGuest']), {
      input: INPUT,
    }).start();
    called.resolve('loadForm', result);
    await settle();
    expect(loaded.getSnapshot().matches('loading')).toBe(false);

    const calls = controllablePromises();
    const preloaded = createActor(providePromises(guestRegistrationMachine, calls, ['loadForm', 'submitGuest']), {
      input: { ...INPUT, preloaded: result },
    });
    // Before start: the first render already shows it.
    expect(preloaded.getSnapshot().value).toEqual(loaded.getSnapshot().value);
    preloaded.start();
    expect(preloaded.getSnapshot().value).toEqual(loaded.getSnapshot().value);
    expect(preloaded.getSnapshot().context.info).toEqual(loaded.getSnapshot().context.info);
    expect(preloaded.getSnapshot().context.parkingFull).toBe(loaded.getSnapshot().context.parkingFull);
    expect(calls.inputOf('loadForm')).toBeUndefined();
  });
});

describe('guestRegistrationMachine rules', () => {
  const condo = (LOADS.condo as { info: GuestFormInfo }).info;

  it('lists a tower’s dwellings, the dwellings without a tower, and a dwelling’s residents (spec §5)', () => {
    expect(apartmentsFor(condo, '1').map((a) => a.ApmtId)).toEqual([11]);
    expect(apartmentsFor(condo, 'none').map((a) => a.ApmtId)).toEqual([12]);
    expect(apartmentsFor(condo, '')).toEqual([]);
    expect(residentsFor(condo, 12).map((u) => u.UserId)).toEqual([6]);
    expect(residentsFor(condo, null)).toEqual([]);
  });

  it('clears the dwelling and resident when the tower changes, and the resident when the dwelling does', () => {
    const actor = createActor(guestRegistrationMachine.provide({ actors: { loadForm: fromResult(LOADS.condo!) } as never }), {
      input: INPUT,
    }).start();
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        actor.send({ type: 'field.change', field: 'torre', value: 'none' });
        actor.send({ type: 'field.change', field: 'apartment', value: 12 });
        actor.send({ type: 'field.change', field: 'user', value: 6 });
        actor.send({ type: 'field.change', field: 'apartment', value: 11 });
        expect(actor.getSnapshot().context.values.user).toBeNull();
        actor.send({ type: 'field.change', field: 'user', value: 5 });
        actor.send({ type: 'field.change', field: 'torre', value: '1' });
        expect(actor.getSnapshot().context.values).toMatchObject({ torre: '1', apartment: null, user: null });
        resolve();
      }, 0);
    });
  });

  it('checks every field with the spec’s messages', () => {
    const shape = { type: 'condo' as const, companions: 3, asksAccess: true, asksPlates: true };
    const empty = {
      nombre: '',
      email: '',
      confirmEmail: '',
      telefono: '',
      formaDeAcceso: 'auto' as const,
      numDeInvitados: null,
      placas: '',
      torre: '',
      apartment: null,
      user: null,
    };
    const problems = guestProblems(empty, shape);
    expect(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, GUEST_MESSAGES[v]]))).toEqual({
      nombre: 'El nombre es requerido.',
      email: 'El correo electrónico es requerido.',
      confirmEmail: 'El correo electrónico es requerido.',
      placas: 'Las placas del vehículo son requeridas.',
      numDeInvitados: GUEST_MESSAGES.companionsRequired,
      apartment: 'La vivienda es requerida.',
      user: 'El residente es requerido.',
    });
    expect(guestProblems({ ...empty, email: 'a@b', confirmEmail: 'x@y.mx' }, shape)).toMatchObject({
      email: 'emailInvalid',
      confirmEmail: 'emailMismatch',
    });
    expect(guestProblems({ ...empty, formaDeAcceso: '' }, shape).formaDeAcceso).toBe('accessRequired');
    expect(GUEST_MESSAGES.emailMismatch).toBe('Los correos electrónicos no coinciden.');
    expect(GUEST_MESSAGES.accessRequired).toBe('Las forma de acceso es requerida.');
  });

  it('sends the condo fields only for the condo form, and plates only by car', () => {
    const values = {
      nombre: ' A ',
      email: 'a@b.mx',
      confirmEmail: 'a@b.mx',
      telefono: '',
      formaDeAcceso: 'pie' as const,
      numDeInvitados: 2,
      placas: 'X',
      torre: 'none',
      apartment: 12,
      user: 6,
    };
    expect(toSubmission(values, { type: 'condo', companions: 0, asksAccess: true, asksPlates: true })).toEqual({
      nombre: 'A',
      email: 'a@b.mx',
      confirmEmail: 'a@b.mx',
      telefono: null,
      formaDeAcceso: 'pie',
      numDeInvitados: null,
      placas: null,
      torre: null,
      apartment: 12,
      user: 6,
    });
    expect(
      toSubmission({ ...values, formaDeAcceso: 'auto' }, { type: 'event', companions: 3, asksAccess: true, asksPlates: true }),
    ).toEqual({
      nombre: 'A',
      email: 'a@b.mx',
      confirmEmail: 'a@b.mx',
      telefono: null,
      formaDeAcceso: 'auto',
      numDeInvitados: 2,
      placas: 'X',
    });
  });
});

function fromResult(result: GuestFormResult) {
  return fromPromise(async () => result);
}
