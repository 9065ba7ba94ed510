// The public page's contact / access request machine, model-based for both kinds: every state and
// transition walked against a real actor whose captcha and send calls are controllable promises. Plus its
// rules: the request it sends, the spec's messages for a refused captcha and a transport failure.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { ContactField, ContactKind } from '../../src/api/publicPage';
import { contactRequest, fieldsOf, publicContactMachine } from '../../src/machines/publicContactMachine';
import type { PublicContactResult } from '../../src/services/publicService';
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

type Snap = Snapshot<typeof publicContactMachine>;

const VALID: Record<ContactField, string> = {
  nombre: 'Lucía Ramírez',
  email: 'lucia@example.com',
  tel: '33 1234 5678',
  comentarios: 'Quisiera información.',
  vivienda: 'Torre A - 305',
};
const CAPTCHA = 'eyJjaGFsbGVuZ2UiOnt9fQ==';
const ANSWERS: Record<string, PublicContactResult> = {
  sent: { kind: 'answered', success: true, message: 'Tu mensaje fue enviado a la administración.' },
  refused: { kind: 'answered', success: false, message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' },
  captcha: { kind: 'captchaRefused' },
};

function eventsFor(kind: ContactKind) {
  return (snapshot: Snap): ModelEvent[] => {
    if (snapshot.matches('solvingCaptcha')) {
      return [
        { type: 'xstate.done.actor.solveCaptcha', output: CAPTCHA },
        { type: 'xstate.error.actor.solveCaptcha', error: new Error('captcha not solved') },
      ];
    }
    if (snapshot.matches('sending')) {
      return [
        ...Object.values(ANSWERS).map((output) => ({ type: 'xstate.done.actor.sendContact', output })),
        { type: 'xstate.error.actor.sendContact', error: new Error('Failed to fetch') },
      ];
    }
    // All fields filled validly at once, or one left out (the form then refuses to send).
    const fill = fieldsOf(kind).map((field) => ({ type: 'field.change', field, value: VALID[field] }));
    return [...fill, { type: 'open' }, { type: 'submit' }, { type: 'cancel' }, { type: 'dismiss' }];
  };
}

for (const kind of ['contact', 'access'] as const) {
  const INPUT = { kind, condoId: 7 };
  const { paths, gaps } = coveredModel(publicContactMachine, { input: INPUT, events: eventsFor(kind) });

  describe(`publicContactMachine model (${kind})`, () => {
    it('walks every state node, every model state and every transition', () => {
      expect(gaps()).toEqual(NO_GAPS);
      expect(paths.length).toBeGreaterThan(10);
    });

    let calls = controllablePromises();
    let actor: Actor<typeof publicContactMachine>;
    const states: StateChecks<Snap> = {
      closed: (s) => {
        expect(s.context.form).toEqual({ nombre: '', email: '', tel: '', comentarios: '', vivienda: '' });
        expect(s.context.outcome).toBeNull();
        expect(calls.inputOf('solveCaptcha')).toBeUndefined();
      },
      editing: (s) => {
        expect(calls.inputOf('solveCaptcha')).toBeUndefined();
        expect(calls.inputOf('sendContact')).toBeUndefined();
        // A result is forgotten once the form opens again; the form keeps what was typed.
        expect(s.context.outcome).toBeNull();
        expect(actor.getSnapshot().can({ type: 'cancel' })).toBe(true);
        for (const field of fieldsOf(kind)) expect(['', VALID[field]]).toContain(s.context.form[field]);
      },
      solvingCaptcha: () => {
        expect(calls.inputOf('sendContact')).toBeUndefined();
        expect(Object.values(actor.getSnapshot().context.touched).every(Boolean)).toBe(true);
      },
      sending: (s) => {
        expect(calls.inputOf('sendContact')).toEqual(contactRequest({ ...s.context, captcha: CAPTCHA }));
        expect(calls.inputOf('sendContact')).toMatchObject({ kind, condoId: 7, cf_capcha: CAPTCHA });
      },
      result: (s) => {
        expect(s.context.outcome).not.toBeNull();
        expect(s.context.captcha).toBeNull();
        expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
        expect(actor.getSnapshot().can({ type: 'dismiss' })).toBe(true);
      },
    };

    walkEveryPath(it, publicContactMachine, paths, states, () => {
      calls = controllablePromises();
      actor = createActor(providePromises(publicContactMachine, calls, ['solveCaptcha', 'sendContact']), {
        input: INPUT,
      }).start();
      return {
        actor,
        calls,
        send: ['open', 'field.change', 'submit', 'cancel', 'dismiss'],
        invoked: ['solveCaptcha', 'sendContact'],
      };
    });
  });
}

describe('publicContactMachine rules', () => {
  async function submitWith(kind: ContactKind, settle: (calls: ReturnType<typeof controllablePromises>) => Promise<void>) {
    const calls = controllablePromises();
    const actor = createActor(providePromises(publicContactMachine, calls, ['solveCaptcha', 'sendContact']), {
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
