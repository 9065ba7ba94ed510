// The new-post form's machine, model-based: every event the machine declares offered from tests/models,
// every branch walked against a real actor whose send is a controllable promise; sending only when title
// and text are filled, private only where allowed, at most MAX_ATTACHMENTS files, a refusal keeps what was
// written and shows the server's message.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { MAX_ATTACHMENTS, POST_TEXT_MAX, POST_TITLE_MAX } from '../../src/api/posts';
import { newPostMachine, postRequest } from '../../src/machines/newPostMachine';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { ApiError } from '../../src/services/http';
import { FILE, INPUT, newPostModel, PENDING, PUBLISHED, REFUSAL, TEXT, TITLE } from '../models/newPostMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type PathStep, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof newPostMachine>;
const cover = coverModel(newPostModel);

describe('newPostMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof newPostMachine>;
  const now = () => actor.getSnapshot();
  const can = (event: Parameters<Snap['can']>[0]) => now().can(event);
  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      const filled = s.context.title.trim() !== '' && s.context.text.trim() !== '';
      expect(can({ type: 'submit' })).toBe(filled);
      expect(can({ type: 'togglePrivate' })).toBe(true);
      expect(can({ type: 'toggleImportant' })).toBe(true);
      expect(can({ type: 'attach', file: FILE })).toBe(s.context.attachments.length < MAX_ATTACHMENTS);
      expect(can({ type: 'again' })).toBe(false);
      expect(s.context.result).toBeNull();
      // A refusal in the server's words, a breakdown as no connection.
      expect([null, callFailure(REFUSAL), NETWORK_FAILURE]).toContainEqual(s.context.failure);
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['send']);
      expect(calls.inputOf('send')).toEqual({
        sectionId: 7,
        Titulo: 'Bicicleta',
        Texto: TEXT,
        Privado: s.context.private,
        adjuntos: s.context.attachments,
        Importante: s.context.important,
      });
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'submit' })).toBe(false);
    },
    sent: (s) => {
      expect(calls.pending()).toEqual([]);
      expect([PUBLISHED, PENDING]).toContainEqual(s.context.result);
      expect(can({ type: 'submit' })).toBe(false);
      expect(can({ type: 'again' })).toBe(true);
    },
  };

  const event = (step: PathStep) => step.event as PathStep['event'] & Payload;
  const leadsTo = {
    // Editing a field takes back the last refusal.
    edit: (step: PathStep) => {
      expect(now().context[event(step).field as 'title']).toBe(event(step).value);
      expect(now().context.failure).toBeNull();
    },
    attach: () => expect(now().context.attachments).toEqual([FILE]),
    detach: () => expect(now().context.attachments).toEqual([]),
    // Another post starts blank, private again by the section's default.
    again: () =>
      expect(now().context).toMatchObject({
        title: '',
        text: '',
        private: true,
        important: false,
        attachments: [],
        failure: null,
        result: null,
      }),
    // A refusal keeps what was written.
    'xstate.error.actor.send': () => expect(now().context).toMatchObject({ title: TITLE, text: TEXT }),
  };

  walkModel(it, cover, newPostMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(newPostMachine, calls), { input: INPUT }).start();
    return { actor, calls, after: leadsTo };
  });
});

describe('newPostMachine rules', () => {
  it('starts private where the section says so, and never sends private where it is not allowed', () => {
    const open = createActor(newPostMachine, { input: { sectionId: 1, canMarkPrivate: false, defaultPrivate: true } }).start();
    expect(open.getSnapshot().context.private).toBe(false);
    expect(open.getSnapshot().can({ type: 'togglePrivate' })).toBe(false);
    const sa = createActor(newPostMachine, { input: INPUT }).start();
    expect(sa.getSnapshot().context.private).toBe(true);
  });

  it('offers Aviso importante only where the post may be one, and says it only there', () => {
    const plain = createActor(newPostMachine, { input: { sectionId: 1, canMarkPrivate: false, defaultPrivate: false } }).start();
    expect(plain.getSnapshot().can({ type: 'toggleImportant' })).toBe(false);
    expect(postRequest(plain.getSnapshot().context)).not.toHaveProperty('Importante');
    const notice = createActor(newPostMachine, { input: INPUT }).start();
    expect(postRequest(notice.getSnapshot().context).Importante).toBe(false);
    notice.send({ type: 'toggleImportant' });
    expect(postRequest(notice.getSnapshot().context).Importante).toBe(true);
  });

  it(`takes at most ${MAX_ATTACHMENTS} files`, () => {
    const actor = createActor(newPostMachine, { input: INPUT }).start();
    for (let i = 0; i < MAX_ATTACHMENTS + 2; i++) actor.send({ type: 'attach', file: FILE });
    expect(actor.getSnapshot().context.attachments).toHaveLength(MAX_ATTACHMENTS);
  });

  it(`does not send a title over ${POST_TITLE_MAX} or a text over ${POST_TEXT_MAX} characters`, () => {
    const actor = createActor(newPostMachine, { input: INPUT }).start();
    actor.send({ type: 'edit', field: 'title', value: 'x'.repeat(POST_TITLE_MAX + 1) });
    actor.send({ type: 'edit', field: 'text', value: 'x' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    actor.send({ type: 'edit', field: 'title', value: 'x'.repeat(POST_TITLE_MAX) });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true);
    actor.send({ type: 'edit', field: 'text', value: 'x'.repeat(POST_TEXT_MAX + 1) });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
  });

  it('takes back a refusal once a field is edited; a breakdown the server does not explain is said as no connection', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(newPostMachine, calls), { input: INPUT }).start();
    actor.send({ type: 'edit', field: 'title', value: TITLE });
    actor.send({ type: 'edit', field: 'text', value: TEXT });
    actor.send({ type: 'submit' });
    // A 500 without the server's JSON error (what src/services/http.ts makes of it: code HTTP).
    calls.reject('send', new ApiError(500, 'HTTP', 'Request failed with status code 500 Internal Server Error'));
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE);
    actor.send({ type: 'submit' });
    calls.reject('send', REFUSAL);
    await settle();
    expect(actor.getSnapshot().context.failure).toMatchObject({ kind: 'refused', message: REFUSAL.message });
    actor.send({ type: 'edit', field: 'text', value: `${TEXT}, junto a la pluma` });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('does not send blank fields', () => {
    const actor = createActor(newPostMachine, { input: INPUT }).start();
    actor.send({ type: 'edit', field: 'title', value: '   ' });
    actor.send({ type: 'edit', field: 'text', value: 'x' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
  });
});
