// The guest registration machine, model-based: every event the machine declares offered from tests/models,
// every branch walked against a real actor whose calls are controllable promises, with the form info of
// every kind of link (spec §4) and the server's every answer to a registration, from the page that asks for
// the link's answer and from the page that came with it. Plus its rules: the dependent lists of the condo form
// and what the form sends.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import { GUEST_MESSAGES, type GuestFormInfo, guestFormShape, guestProblems } from '../../src/api/guests';
import { apartmentsFor, guestRegistrationMachine, residentsFor, toSubmission } from '../../src/machines/guestRegistrationMachine';
import type { GuestFormResult, RegisterResult } from '../../src/services/guestsService';
import { GUEST_INPUT, guestRegistrationModel, loadKind } from '../models/guestRegistrationMachine.model';
import { LOADS, REGISTERED } from '../support/guestFixtures';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type PathStep, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof guestRegistrationMachine>;
const INPUT = GUEST_INPUT;
const cover = coverModel(guestRegistrationModel);

/** Where each kind of link leads (spec §4): a refusal, or the form. */
const PAGE_OF_LINK: Record<string, string> = {
  notFound: 'invalid',
  unknownType: 'invalid',
  cancelled: 'cancelled',
  ended: 'ended',
  full: 'guestLimit',
  event: 'form',
  noParking: 'form',
  user: 'form',
  condo: 'form',
};
/** Where each answer to a registration leads. */
const PAGE_OF_ANSWER: Record<RegisterResult['kind'], string> = {
  registered: 'success',
  vehicleLimit: 'form',
  guestLimit: 'guestLimit',
  cancelled: 'cancelled',
  ended: 'ended',
  invalid: 'invalid',
};
/** What the form sends once filled in the fixtures' order (spec §3.3 Guest): by kind of form and access. */
function sentFor(s: Snap) {
  const { shape, values } = s.context;
  const byCar = values.formaDeAcceso === 'auto';
  return {
    nombre: 'Mario Núñez',
    email: 'mario@correo.mx',
    confirmEmail: 'mario@correo.mx',
    telefono: null,
    formaDeAcceso: byCar ? 'auto' : 'pie',
    numDeInvitados: shape!.type === 'event' ? 2 : null,
    placas: byCar ? 'JAL-123' : null,
    ...(shape!.type === 'condo' ? { torre: null, apartment: 12, user: 6 } : {}),
  };
}

describe('guestRegistrationMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof guestRegistrationMachine>;
  const now = () => actor.getSnapshot();
  const car = { type: 'field.change', field: 'formaDeAcceso', value: 'auto' } as const;
  /** A refusal: the page says why and shows no form; nothing is pending and nothing more can be done. */
  const refused = (s: Snap, message: string) => {
    expect(s.status).toBe('done');
    expect(calls.pending()).toEqual([]);
    expect(s.context.registered).toBeNull();
    expect(GUEST_MESSAGES[s.value as keyof typeof GUEST_MESSAGES]).toBe(message);
  };

  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadForm']);
      expect(calls.inputOf('loadForm')).toBe('demo-evento');
      expect(s.context.info).toBeNull();
      expect(now().can({ type: 'submit' })).toBe(false);
    },
    invalid: (s) => refused(s, 'El link de registro es inválido, favor de verificarlo.'),
    cancelled: (s) => refused(s, 'El evento fue cancelado, por favor contacta al organizador.'),
    ended: (s) => refused(s, 'El registro para este evento ya terminó.'),
    guestLimit: (s) => refused(s, 'El evento ha llegado al límite de invitados.'),
    form: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.shape).toEqual(guestFormShape(s.context.info!));
      expect(now().can({ type: 'submit' })).toBe(true);
      // No parking: the car is refused and the guest stays on foot.
      expect(now().can(car)).toBe(!s.context.parkingFull);
      expect(now().can({ ...car, value: 'pie' })).toBe(true);
      if (s.context.parkingFull) expect(s.context.values.formaDeAcceso).toBe('pie');
      if (s.context.info!.maxAutos) expect(s.context.parkingFull).toBe(true);
    },
    'form.editing': () => {
      expect(now().can({ type: 'field.change', field: 'nombre', value: 'x' })).toBe(true);
      expect(now().matches({ form: 'failed' })).toBe(false);
    },
    // Spec §8: the same form, complete and enabled, with no message.
    'form.failed': (s) => {
      expect(guestProblems(s.context.values, s.context.shape!)).toEqual({});
      expect(now().matches({ form: 'editing' })).toBe(false);
    },
    submitting: (s) => {
      expect(calls.pending()).toEqual(['submitGuest']);
      expect(calls.inputOf('submitGuest')).toEqual({ token: 'demo-evento', guest: sentFor(s) });
      expect(now().can({ type: 'submit' })).toBe(false);
      expect(now().can(car)).toBe(false);
    },
    success: (s) => {
      expect(s.status).toBe('done');
      expect(calls.pending()).toEqual([]);
      expect(s.context.registered).toEqual(REGISTERED);
    },
  };

  const event = (step: PathStep) => step.event as PathStep['event'] & Payload;
  const lands = (page: string) => expect(now().matches(page as never)).toBe(true);
  const leadsTo = {
    'xstate.done.actor.loadForm': (step: PathStep) => lands(PAGE_OF_LINK[loadKind(event(step).output)]!),
    'xstate.error.actor.loadForm': () => lands('invalid'),
    'xstate.done.actor.submitGuest': (step: PathStep) => {
      const answer = event(step).output as RegisterResult;
      lands(PAGE_OF_ANSWER[answer.kind]);
      // No parking left after all: on foot, the plates forgotten, the form to send again.
      if (answer.kind === 'vehicleLimit')
        expect(now().context).toMatchObject({ parkingFull: true, values: { formaDeAcceso: 'pie', placas: '' } });
    },
    'xstate.error.actor.submitGuest': () => lands('form.failed'),
    // A complete form is sent; an incomplete one shows its messages.
    submit: () => {
      if (calls.pending().length === 0) expect(now().context.showErrors).toBe(true);
      else expect(calls.pending()).toEqual(['submitGuest']);
    },
    'field.change': (step: PathStep) => {
      lands('form.editing');
      expect(now().context.values[event(step).field as 'nombre']).toBe(event(step).value);
    },
  };

  walkModel(it, cover, guestRegistrationMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(guestRegistrationMachine, calls), { input: input as typeof INPUT }).start();
    return { actor, calls, after: leadsTo };
  });
});

describe('guestRegistrationMachine with the answer that came with the page', () => {
  it.each(Object.keys(LOADS))('starts where the call’s answer would lead, without calling: %s', async (kind) => {
    const result = LOADS[kind]!;
    const called = controllablePromises();
    const loaded = createActor(provideCalls(guestRegistrationMachine, called), { input: INPUT }).start();
    called.resolve('loadForm', result);
    await settle();
    expect(loaded.getSnapshot().matches('loading')).toBe(false);

    const calls = controllablePromises();
    const preloaded = createActor(provideCalls(guestRegistrationMachine, calls), { input: { ...INPUT, preloaded: result } });
    // Before start: the first render already shows it.
    expect(preloaded.getSnapshot().value).toEqual(loaded.getSnapshot().value);
    preloaded.start();
    expect(preloaded.getSnapshot().value).toEqual(loaded.getSnapshot().value);
    expect(preloaded.getSnapshot().context.info).toEqual(loaded.getSnapshot().context.info);
    expect(preloaded.getSnapshot().context.parkingFull).toBe(loaded.getSnapshot().context.parkingFull);
    expect(calls.pending()).toEqual([]);
  });
});

describe('guestRegistrationMachine rules', () => {
  const condo = (LOADS.condo as { info: GuestFormInfo }).info;

  it('judges cancellation, the guest limit and parking on event links only', async () => {
    const user = (LOADS.user as { info: GuestFormInfo }).info;
    const flagged: GuestFormResult = {
      kind: 'form',
      info: { ...user, maxInvitados: true, maxAutos: true, data: { ...user.data, Estatus: 'cancelado' } },
    };
    const calls = controllablePromises();
    const actor = createActor(provideCalls(guestRegistrationMachine, calls), { input: INPUT }).start();
    calls.resolve('loadForm', flagged);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ form: 'editing' });
    expect(actor.getSnapshot().context.parkingFull).toBe(false);
  });

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
