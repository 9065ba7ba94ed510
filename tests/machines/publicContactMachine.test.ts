// The public page's contact / access request machine, model-based: every event the machine declares offered
// from tests/models (the access kind), every branch walked against a real actor whose captcha and send calls
// are controllable promises. Plus its rules: the request it sends, the contact kind's form, the spec's
// messages for a refused captcha and a transport failure.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject } from 'xstate';
import { CONTACT_FIELDS, type ContactField, type ContactKind } from '../../src/api/publicPage';
import { type ContactOutcome, contactRequest, fieldsOf, publicContactMachine } from '../../src/machines/publicContactMachine';
import type { PublicContactResult } from '../../src/services/publicPageService';
import { ANSWERS, CAPTCHA, CONTACT_INPUT, fillStage, publicContactModel, VALID } from '../models/publicContactMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof publicContactMachine>;
const cover = coverModel(publicContactModel);
const EMPTY_FORM = { nombre: '', email: '', tel: '', comentarios: '', vivienda: '' };
const touchedOnly = (fields: readonly ContactField[]) =>
  Object.fromEntries(CONTACT_FIELDS.map((field) => [field, fields.includes(field)]));
const UNTOUCHED = touchedOnly([]);
const ALL_TOUCHED = touchedOnly(CONTACT_FIELDS);

describe('publicContactMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof publicContactMachine>;
  /** What the walk knows without the machine: the fields left or sent, and what the result must say. */
  let touched = UNTOUCHED;
  let outcome: ContactOutcome | null = null;
  const ctx = () => actor.getSnapshot().context;
  const can = (type: 'open' | 'submit' | 'cancel' | 'dismiss') => actor.getSnapshot().can({ type });
  const states: StateChecks<Snap> = {
    closed: () => {
      expect(calls.pending()).toEqual([]);
      expect(ctx()).toMatchObject({ form: EMPTY_FORM, touched: UNTOUCHED, captcha: null, outcome: null });
      expect(can('open')).toBe(true);
      expect(can('submit')).toBe(false);
    },
    editing: () => {
      expect(calls.pending()).toEqual([]);
      // A result is forgotten once the form opens again; the form keeps what was typed.
      expect(ctx()).toMatchObject({ touched, captcha: null, outcome: null });
      expect(fillStage(ctx().form)).toBeGreaterThanOrEqual(0);
      expect(can('cancel')).toBe(true);
      expect(can('open')).toBe(false);
    },
    solvingCaptcha: () => {
      expect(calls.pending()).toEqual(['solveCaptcha']);
      expect(ctx()).toMatchObject({ form: VALID, touched: ALL_TOUCHED, captcha: null });
      expect(can('cancel')).toBe(false);
    },
    sending: () => {
      expect(calls.pending()).toEqual(['sendContact']);
      expect(calls.inputOf('sendContact')).toEqual({
        kind: 'access',
        condoId: 7,
        ...VALID,
        cf_capcha: CAPTCHA,
        subject: 'Solicitud de acceso',
      });
      expect(can('submit')).toBe(false);
    },
    result: () => {
      expect(calls.pending()).toEqual([]);
      expect(ctx()).toMatchObject({ captcha: null, outcome });
      expect(can('submit')).toBe(false);
      expect(can('dismiss')).toBe(true);
    },
  };

  const reset = () => {
    touched = UNTOUCHED;
    outcome = null;
  };
  const captchaFailed: ContactOutcome = { success: false, message: null, messageId: 'public.access.captchaFailed' };

  walkModel(it, cover, publicContactMachine, states, () => {
    calls = controllablePromises();
    reset();
    actor = createActor(provideCalls(publicContactMachine, calls), { input: CONTACT_INPUT }).start();
    return {
      actor,
      calls,
      after: {
        open: reset,
        cancel: reset,
        dismiss: reset,
        'field.blur': (step) => {
          touched = { ...touched, [(step.event as EventObject & { field: ContactField }).field]: true };
        },
        'field.change': (step) => {
          const { field, value } = step.event as EventObject & { field: ContactField; value: string };
          expect(ctx().form[field]).toBe(value);
        },
        submit: () => {
          touched = ALL_TOUCHED;
          // Sent exactly when every field of the access form holds its value.
          expect(actor.getSnapshot().matches('solvingCaptcha')).toBe(fillStage(ctx().form) === CONTACT_FIELDS.length);
        },
        'xstate.error.actor.solveCaptcha': () => {
          outcome = captchaFailed;
        },
        'xstate.done.actor.sendContact': (step) => {
          const answer = (step.event as EventObject & { output: PublicContactResult }).output;
          outcome =
            answer.kind === 'answered' ? { success: answer.success, message: answer.message, messageId: null } : captchaFailed;
        },
        'xstate.error.actor.sendContact': () => {
          outcome = { success: false, message: null, messageId: 'public.transportError' };
        },
      },
    };
  });
});

describe('publicContactMachine rules', () => {
  async function submitWith(kind: ContactKind, settle: (calls: ReturnType<typeof controllablePromises>) => Promise<void>) {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(publicContactMachine, calls), {
      input: { kind, condoId: 3 },
    }).start();
    actor.send({ type: 'open' });
    for (const field of fieldsOf(kind)) actor.send({ type: 'field.change', field, value: VALID[field] });
    actor.send({ type: 'submit' });
    await settle(calls);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return actor.getSnapshot();
  }

  it('an incomplete form does not send; it marks every field so its message shows', () => {
    const actor = createActor(publicContactMachine, { input: { kind: 'access', condoId: 3 } }).start();
    actor.send({ type: 'open' });
    actor.send({ type: 'field.change', field: 'nombre', value: 'Ana' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.touched).toEqual({
      nombre: true,
      email: true,
      tel: true,
      comentarios: true,
      vivienda: true,
    });
  });

  it('the access form needs vivienda; the contact form does not ask for it', () => {
    expect(fieldsOf('contact')).toEqual(['nombre', 'email', 'tel', 'comentarios']);
    expect(fieldsOf('access')).toEqual(['nombre', 'email', 'tel', 'comentarios', 'vivienda']);
    for (const kind of ['contact', 'access'] as const) {
      const actor = createActor(publicContactMachine, { input: { kind, condoId: 3 } }).start();
      actor.send({ type: 'open' });
      for (const field of fieldsOf('contact')) actor.send({ type: 'field.change', field, value: VALID[field] });
      actor.send({ type: 'submit' });
      expect(actor.getSnapshot().value, kind).toBe(kind === 'contact' ? 'solvingCaptcha' : 'editing');
    }
  });

  it('leaving a field marks it alone', () => {
    const actor = createActor(publicContactMachine, { input: { kind: 'contact', condoId: 3 } }).start();
    actor.send({ type: 'open' });
    actor.send({ type: 'field.blur', field: 'email' });
    expect(actor.getSnapshot().context.touched).toEqual(touchedOnly(['email']));
  });

  it('shows the server’s message with its success flag', async () => {
    const snapshot = await submitWith('contact', async (calls) => {
      calls.resolve('solveCaptcha', CAPTCHA);
      await new Promise((resolve) => setTimeout(resolve, 0));
      calls.resolve('sendContact', ANSWERS.refused);
    });
    expect(snapshot.value).toBe('result');
    expect(snapshot.context.outcome).toEqual({
      success: false,
      message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
      messageId: null,
    });
  });

  it('a captcha that cannot be solved or is refused gets each kind’s words; a transport failure its own', async () => {
    const unsolved = await submitWith('access', async (calls) => calls.reject('solveCaptcha', new Error('x')));
    expect(unsolved.context.outcome?.messageId).toBe('public.access.captchaFailed');
    const refused = await submitWith('contact', async (calls) => {
      calls.resolve('solveCaptcha', CAPTCHA);
      await new Promise((resolve) => setTimeout(resolve, 0));
      calls.resolve('sendContact', ANSWERS.captcha);
    });
    expect(refused.context.outcome?.messageId).toBe('public.contact.captchaFailed');
    const broken = await submitWith('access', async (calls) => {
      calls.resolve('solveCaptcha', CAPTCHA);
      await new Promise((resolve) => setTimeout(resolve, 0));
      calls.reject('sendContact', new Error('Failed to fetch'));
    });
    expect(broken.context.outcome?.messageId).toBe('public.transportError');
  });

  it('sends trimmed fields, vivienda only for access, and the solved captcha', () => {
    const context = {
      kind: 'contact' as const,
      condoId: 9,
      form: { nombre: ' Ana ', email: ' ana@x.mx ', tel: ' 33 ', comentarios: ' hola ', vivienda: 'Casa 1' },
      touched: { nombre: true, email: true, tel: true, comentarios: true, vivienda: true },
      captcha: 'abc',
      outcome: null,
    };
    expect(contactRequest(context)).toEqual({
      kind: 'contact',
      condoId: 9,
      nombre: 'Ana',
      email: 'ana@x.mx',
      tel: '33',
      comentarios: 'hola',
      cf_capcha: 'abc',
      subject: 'Contacto',
    });
    expect(contactRequest({ ...context, kind: 'access' })).toMatchObject({ vivienda: 'Casa 1', subject: 'Solicitud de acceso' });
  });
});
