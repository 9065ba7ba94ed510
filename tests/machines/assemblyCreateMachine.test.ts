// Creating an assembly and sending its call, model-based: every declared event offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises. Only a complete draft is saved; the call
// is sent with the draft's id and version; a 409 keeps the draft step with the fresh assembly and the words.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { assemblyCreateMachine, draftComplete } from '../../src/machines/assemblyCreateMachine';
import { assemblyCreateModel } from '../models/assemblyCreateMachine.model';
import { BLANK, CALLED, DRAFT, DRAFTED } from '../support/assembliesFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof assemblyCreateMachine>;
const cover = coverModel(assemblyCreateModel);

describe('assemblyCreateMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('calls a draft complete only with a title, a place or link, titled items and calls in order', () => {
    expect(draftComplete(DRAFT)).toBe(true);
    expect(draftComplete(BLANK)).toBe(false);
    expect(draftComplete({ ...DRAFT, place: '', videoLink: '' })).toBe(false);
    expect(draftComplete({ ...DRAFT, place: '', videoLink: 'https://meet.example/abc' })).toBe(true);
    expect(draftComplete({ ...DRAFT, items: [{ ...DRAFT.items[0]!, title: ' ' }] })).toBe(false);
    expect(draftComplete({ ...DRAFT, calls: [DRAFT.calls[1]!, DRAFT.calls[0]!] })).toBe(false);
    expect(draftComplete({ ...DRAFT, items: [{ ...DRAFT.items[1]!, qualifiedPercent: null }] })).toBe(false);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof assemblyCreateMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.assembly).toBeNull();
      expect(can({ type: 'submit', draft: DRAFT })).toBe(true);
      expect(can({ type: 'submit', draft: BLANK })).toBe(false);
    },
    saving: () => {
      expect(calls.pending()).toEqual(['create']);
      expect(calls.inputOf('create')).toEqual(DRAFT);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'network' });
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'edit' })).toBe(true);
    },
    drafted: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.assembly?.id).toBe(DRAFTED.id);
      expect(can({ type: 'send' })).toBe(true);
      // After a 409 the fresh assembly and the words are shown.
      if (s.context.conflict) expect(s.context.assembly).toEqual(CALLED);
      else expect(s.context.assembly).toEqual(DRAFTED);
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['sendCall']);
      expect(calls.inputOf('sendCall')).toEqual(s.context.assembly);
    },
    sendFailed: (s) => {
      expect(s.context.failure).toMatchObject({ kind: 'network' });
      expect(can({ type: 'retry' })).toBe(true);
    },
    called: (s) => {
      expect(s.context.assembly).toEqual(CALLED);
      expect(s.context.conflict).toBeNull();
      expect(can({ type: 'again' })).toBe(true);
    },
  };

  walkModel(it, cover, assemblyCreateMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(assemblyCreateMachine, calls)).start();
    return { actor, calls };
  });
});
