// The payment-provider contact dialog's machine, model-based: every state and transition walked against a
// real actor whose call is a controllable promise. Plus the §5 rules: submit only with a valid form for
// the tab (nombre, telefono of exactly 10 digits, prefieresContacto for 'llamar', fechaContacto,
// horarioTentativo), what is sent for each tab, and the dialog closing either way.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import { contactFormProblems, type ProviderContactForm } from '../../src/api/providerContact';
import { contactRequest, providerContactMachine, tabOf } from '../../src/machines/providerContactMachine';
import {
  controllablePromises,
  coveredModel,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  settle,
  walkEveryPath,
} from '../support/modelTesting';
import { CONTACT_INPUT, CONTACT_TODAY, FILLED, providerContactEvents } from '../support/providerContactFixtures';

type Snap = Snapshot<typeof providerContactMachine>;

const { paths, gaps } = coveredModel(providerContactMachine, {
  input: CONTACT_INPUT,
  events: providerContactEvents as never,
});

describe('providerContactMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
    expect(paths.length).toBeGreaterThan(20);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof providerContactMachine>;
  const submittable = (s: Snap) => contactFormProblems(tabOf(s), s.context.form, CONTACT_TODAY).length === 0;
  const states: StateChecks<Snap> = {
    closed: () => expect(calls.inputOf('sendContact')).toBeUndefined(),
    open: (s) => expect(actor.getSnapshot().can({ type: 'submit' })).toBe(submittable(s)),
    'open.agendar': () => expect(tabOf(actor.getSnapshot())).toBe('agendar'),
    'open.llamar': () => expect(tabOf(actor.getSnapshot())).toBe('llamar'),
    sending: (s) => {
      const sent = calls.inputOf('sendContact');
      expect(sent).toEqual(contactRequest(s.context.sentTab!, s.context.form));
      expect(contactFormProblems(s.context.sentTab!, s.context.form, CONTACT_TODAY)).toEqual([]);
    },
    result: () => expect(actor.getSnapshot().can({ type: 'dismiss' })).toBe(true),
    'result.success': () => expect(actor.getSnapshot().matches({ result: 'success' })).toBe(true),
    'result.failure': () => expect(actor.getSnapshot().matches({ result: 'failure' })).toBe(true),
  };

  walkEveryPath(it, providerContactMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(providerContactMachine, calls, ['sendContact']), { input: CONTACT_INPUT }).start();
    return {
      actor,
      calls,
      send: ['open', 'switchTab', 'change', 'submit', 'close', 'dismiss'],
      invoked: ['sendContact'],
    };
  });
});

describe('provider contact rules (§5)', () => {
  const form = (extra: Partial<ProviderContactForm> = {}): ProviderContactForm => ({
    nombre: 'Ana',
    ...FILLED,
    ...extra,
  });

  it('wants nombre, a 10-digit telefono, a day from today and a contact time; a preference only to be called', () => {
    expect(contactFormProblems('llamar', form(), CONTACT_TODAY)).toEqual([]);
    expect(contactFormProblems('agendar', form({ prefieresContacto: null }), CONTACT_TODAY)).toEqual([]);
    expect(contactFormProblems('llamar', form({ prefieresContacto: null }), CONTACT_TODAY)).toEqual(['prefieresContacto']);
    expect(contactFormProblems('llamar', form({ nombre: '  ' }), CONTACT_TODAY)).toEqual(['nombre']);
    for (const telefono of ['551234567', '55123456789', '55 1234 5678', 'abcdefghij', ''])
      expect(contactFormProblems('llamar', form({ telefono }), CONTACT_TODAY), telefono).toEqual(['telefono']);
    for (const fechaContacto of ['2026-06-14', '2026-02-30', '2026-08-15', '15/06/2026', null])
      expect(contactFormProblems('agendar', form({ fechaContacto }), CONTACT_TODAY), String(fechaContacto)).toEqual([
        'fechaContacto',
      ]);
    expect(contactFormProblems('llamar', form({ fechaContacto: '2026-08-14' }), CONTACT_TODAY)).toEqual([]);
    expect(contactFormProblems('llamar', form({ horarioTentativo: '12:00' as never }), CONTACT_TODAY)).toEqual([
      'horarioTentativo',
    ]);
  });

  it('sends a meeting without a contact preference, and the date as YYYY-MM-DD', () => {
    expect(contactRequest('agendar', form())).toEqual({
      tab: 'agendar',
      nombre: 'Ana',
      telefono: '5512345678',
      prefieresContacto: null,
      fechaContacto: CONTACT_TODAY,
      horarioTentativo: '10:00',
    });
    expect(contactRequest('llamar', form({ nombre: ' Ana ' })).prefieresContacto).toBe('whatsapp');
    expect(contactRequest('llamar', form({ nombre: ' Ana ' })).nombre).toBe('Ana');
  });

  it('closes the form either way, and starts empty (with the admin’s name) when opened again', async () => {
    for (const fails of [false, true]) {
      const actor = createActor(
        providerContactMachine.provide({
          actors: {
            sendContact: fromPromise(async () => {
              if (fails) throw new Error('Failed to fetch');
            }),
          },
        }),
        { input: CONTACT_INPUT },
      ).start();
      actor.send({ type: 'open', tab: 'llamar' });
      for (const [field, value] of Object.entries(FILLED)) actor.send({ type: 'change', field: field as never, value });
      actor.send({ type: 'submit' });
      await settle();
      expect(actor.getSnapshot().matches({ result: fails ? 'failure' : 'success' })).toBe(true);
      actor.send({ type: 'dismiss' });
      actor.send({ type: 'open', tab: 'agendar' });
      expect(actor.getSnapshot().context.form).toEqual({
        nombre: 'Ana Martínez Ruiz',
        telefono: '',
        prefieresContacto: null,
        fechaContacto: null,
        horarioTentativo: null,
      });
    }
  });
});
