// The new-post form's machine, model-based: every state and transition against a real actor whose send
// is a controllable promise; sending only when title and text are filled, private only where allowed,
// at most MAX_ATTACHMENTS files, a refusal keeps what was written and shows the server's message.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { MAX_ATTACHMENTS, type NewPostAnswer } from '../../src/api/posts';
import { newPostMachine, postRequest } from '../../src/machines/newPostMachine';
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

const INPUT = { sectionId: 7, canMarkPrivate: true, defaultPrivate: true };
const FILE = { name: 'foto.png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' };
const PUBLISHED: NewPostAnswer = { success: true, PostId: 41, Estatus: 'A' };
const PENDING: NewPostAnswer = { success: true, PostId: 42, Estatus: 'P' };
const REFUSAL = new ApiError(403, 'FORBIDDEN', 'Solo los administradores publican en esta sección.');

type Snap = Snapshot<typeof newPostMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('sending')) {
    return [
      { type: 'xstate.done.actor.send', output: PUBLISHED },
      { type: 'xstate.done.actor.send', output: PENDING },
      { type: 'xstate.error.actor.send', error: REFUSAL },
      { type: 'xstate.error.actor.send', error: new Error('Failed to fetch') },
    ];
  }
  const { title, text, attachments } = snapshot.context;
  const events: ModelEvent[] = [{ type: 'submit' }, { type: 'again' }];
  // Few events, so the state space stays small: fill each field once, attach up to the limit once.
  if (!title) events.push({ type: 'edit', field: 'title', value: 'Bicicleta' });
  if (!text) events.push({ type: 'edit', field: 'text', value: 'En la caseta' });
  if (!snapshot.context.private) events.push({ type: 'togglePrivate' });
  if (snapshot.context.private && attachments.length === 0) events.push({ type: 'togglePrivate' });
  if (attachments.length === 0) events.push({ type: 'attach', file: FILE });
  if (attachments.length === 1) events.push({ type: 'detach', index: 0 });
  return events;
}

const { paths, gaps } = coveredModel(newPostMachine, { events: eventsFor, input: INPUT });

describe('newPostMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof newPostMachine>;
  const ctx = () => actor.getSnapshot().context;
  const states: StateChecks<Snap> = {
    editing: () => {
      const filled = ctx().title.trim() !== '' && ctx().text.trim() !== '';
      expect(actor.getSnapshot().can({ type: 'submit' })).toBe(filled);
      expect(ctx().result).toBeNull();
      if (ctx().error) expect([REFUSAL.message, 'network']).toContain(ctx().error);
    },
    sending: () => {
      expect(calls.inputOf('send')).toEqual(postRequest(ctx()));
      expect(calls.inputOf('send')).toMatchObject({ sectionId: 7, Titulo: 'Bicicleta', Texto: 'En la caseta' });
    },
    sent: () => {
      expect([PUBLISHED, PENDING]).toContainEqual(ctx().result);
      expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    },
  };

  walkEveryPath(it, newPostMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(newPostMachine, calls, ['send']), { input: INPUT }).start();
    return {
      actor,
      calls,
      send: ['edit', 'togglePrivate', 'attach', 'detach', 'submit', 'again'],
      invoked: ['send'],
    };
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

  it(`takes at most ${MAX_ATTACHMENTS} files`, () => {
    const actor = createActor(newPostMachine, { input: INPUT }).start();
    for (let i = 0; i < MAX_ATTACHMENTS + 2; i++) actor.send({ type: 'attach', file: FILE });
    expect(actor.getSnapshot().context.attachments).toHaveLength(MAX_ATTACHMENTS);
  });

  it('does not send blank fields', () => {
    const actor = createActor(newPostMachine, { input: INPUT }).start();
    actor.send({ type: 'edit', field: 'title', value: '   ' });
    actor.send({ type: 'edit', field: 'text', value: 'x' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
  });
});
