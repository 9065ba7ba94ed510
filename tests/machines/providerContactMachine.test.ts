// The payment-provider contact dialog's machine, model-based: every event the machine declares offered
// from tests/models, every branch walked against a real actor whose call is a controllable promise. Plus
// the §5 rules: submit only with a valid form for the tab (nombre, telefono of exactly 10 digits,
// prefieresContacto for 'llamar', fechaContacto, horarioTentativo), what is sent for each tab, and the
// dialog closing either way.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject, fromPromise } from 'xstate';
import { type ContactTab, contactFormProblems, type ProviderContactForm } from '../../src/api/providerContact';
import { contactRequest, providerContactMachine, tabOf } from '../../src/machines/providerContactMachine';
import {
  CONTACT_INPUT,
  CONTACT_TODAY,
  FILL,
  FILLED,
  fillStage,
  providerContactModel,
} from '../models/providerContactMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof providerContactMachine>;
const cover = coverModel(providerContactModel);
const EMPTY_FORM = {
  nombre: 'Ana Martínez Ruiz',
  telefono: '',
  prefieresContacto: null,
  fechaContacto: null,
  horarioTentativo: null,
};

describe('providerContactMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof providerContactMachine>;
  /** What the walk knows without the machine: the tab last opened or switched to, the call's answer. */
  let tab: ContactTab = 'agendar';
  let answered: 'done' | 'error' | null = null;
  const snapshot = () => actor.getSnapshot();
  const can = (type: 'submit' | 'close' | 'dismiss') => snapshot().can({ type });
  const canOpen = () => snapshot().can({ type: 'open', tab: 'agendar' }) && snapshot().can({ type: 'open', tab: 'llamar' });
  const canSwitchTo = (to: ContactTab) => snapshot().can({ type: 'switchTab', tab: to });
  const stage = () => fillStage(snapshot().context.form);
  const states: StateChecks<Snap> = {
    closed: () => {
      expect(calls.pending()).toEqual([]);
      expect(canOpen()).toBe(true);
      expect(can('submit')).toBe(false);
      expect(can('dismiss')).toBe(false);
    },
    open: () => {
      expect(calls.pending()).toEqual([]);
      const { form, sentTab } = snapshot().context;
      // Enviar is offered exactly when the tab's §5 rules pass.
      expect(can('submit')).toBe(contactFormProblems(tab, form, CONTACT_TODAY).length === 0);
      expect(form.nombre).toBe('Ana Martínez Ruiz');
      expect(sentTab).toBeNull();
      expect(can('close')).toBe(true);
      expect(canOpen()).toBe(false);
    },
    'open.agendar': () => {
      expect(tabOf(snapshot())).toBe(tab);
      expect(tab).toBe('agendar');
      // A meeting needs no preference: the form is complete once the right phone is in.
      expect(can('submit')).toBe(stage() >= FILL.length - 1);
      expect(canSwitchTo('llamar')).toBe(true);
      expect(canSwitchTo('agendar')).toBe(false);
    },
    'open.llamar': () => {
      expect(tabOf(snapshot())).toBe(tab);
      expect(tab).toBe('llamar');
      expect(can('submit')).toBe(stage() === FILL.length);
      expect(canSwitchTo('agendar')).toBe(true);
      expect(canSwitchTo('llamar')).toBe(false);
    },
    sending: () => {
      expect(calls.pending()).toEqual(['sendContact']);
      expect(calls.inputOf('sendContact')).toEqual({
        tab,
        nombre: 'Ana Martínez Ruiz',
        telefono: FILLED.telefono,
        // A meeting carries no contact preference, even when one was chosen on the other tab.
        prefieresContacto: tab === 'llamar' ? 'whatsapp' : null,
        fechaContacto: CONTACT_TODAY,
        horarioTentativo: '10:00',
      });
      expect(snapshot().context.sentTab).toBe(tab);
      expect(can('close')).toBe(false);
    },
    result: () => {
      expect(calls.pending()).toEqual([]);
      expect(can('dismiss')).toBe(true);
      expect(can('close')).toBe(false);
      expect(canOpen()).toBe(false);
    },
    'result.success': () => expect(answered).toBe('done'),
    'result.failure': () => expect(answered).toBe('error'),
  };

  const chooseTab = (step: { event: unknown }) => {
    tab = (step.event as EventObject & { tab: ContactTab }).tab;
  };

  walkModel(it, cover, providerContactMachine, states, () => {
    calls = controllablePromises();
    tab = 'agendar';
    answered = null;
    actor = createActor(provideCalls(providerContactMachine, calls), { input: CONTACT_INPUT }).start();
    return {
      actor,
      calls,
      after: {
        open: (step) => {
          chooseTab(step);
          // Opened again, the dialog starts empty with the administrator's name.
          expect(snapshot().context.form).toEqual(EMPTY_FORM);
        },
        switchTab: chooseTab,
        change: (step) => {
          const { field, value } = step.event as EventObject & { field: keyof ProviderContactForm; value: string };
          expect(snapshot().context.form[field]).toBe(value);
        },
        'xstate.done.actor.sendContact': () => {
          answered = 'done';
        },
        'xstate.error.actor.sendContact': () => {
          answered = 'error';
        },
      },
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
      expect(actor.getSnapshot().context.form).toEqual(EMPTY_FORM);
    }
  });
});
