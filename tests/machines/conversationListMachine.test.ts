// The inbox of an IC section, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises and whose periodic refresh runs
// on a simulated clock. Plus its rules with fake timers: the inbox refreshes every CONVERSATION_REFRESH_MS (new conversations
// and unread counts appear without reloading), pages stay through a refresh, the draft's rules (tower then
// dwelling, never the dwelling written for; the administration writes to dwellings only), and what start
// sends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise, SimulatedClock } from 'xstate';
import { CONVERSATION_REFRESH_MS, CONVERSATIONS_PAGE_SIZE } from '../../src/api/conversations';
import {
  appendPage,
  conversationListMachine,
  draftComplete,
  dwellingsOf,
  mergeRefreshed,
  towerChoices,
} from '../../src/machines/conversationListMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import {
  ADMIN_DIRECTORY,
  ADMINISTRATION,
  conversationListModel,
  FIRST,
  LAST,
  NEIGHBOUR,
  NOBODY_DIRECTORY,
  NONE,
  RESIDENT_DIRECTORY,
  SECTION_ID,
  STARTED,
  summary,
  TEXT,
} from '../models/conversationListMachine.model';
import { PHOTO } from '../models/conversationMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof conversationListMachine>;
const cover = coverModel(conversationListModel);
const ids = (s: Snap) => s.context.items.map((c) => c.ConversationId);

describe('conversationListMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof conversationListMachine>;
  let clock = new SimulatedClock();
  let started: number[] = [];
  const now = () => actor.getSnapshot();
  const can = (event: Parameters<Snap['can']>[0]) => now().can(event);

  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['fetchPage']);
      expect(calls.inputOf('fetchPage')).toEqual({ sectionId: SECTION_ID, limit: CONVERSATIONS_PAGE_SIZE, offset: 0 });
      expect(can({ type: 'newConversation' })).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    refused: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.items).toEqual([]);
      expect(can({ type: 'retry' })).toBe(false);
    },
    ready: (s) => {
      // Latest activity first, each once, as the server has them.
      expect(ids(s)).toEqual([...new Set(ids(s))]);
      expect(s.context.items.length).toBeLessThanOrEqual(s.context.total);
      expect(started.length).toBeLessThanOrEqual(1);
    },
    'ready.deciding': () => {
      throw new Error('deciding is left at once');
    },
    'ready.empty': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.items).toEqual([]);
      expect(can({ type: 'newConversation' })).toBe(true);
    },
    'ready.list': (s) => {
      expect(s.context.items.length).toBeGreaterThan(0);
      expect(can({ type: 'newConversation' })).toBe(true);
    },
    'ready.list.idle': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'loadMore' })).toBe(s.context.items.length < s.context.total);
    },
    'ready.list.loadingMore': (s) => {
      expect(calls.pending()).toEqual(['fetchPage']);
      expect(calls.inputOf('fetchPage')).toEqual({
        sectionId: SECTION_ID,
        limit: CONVERSATIONS_PAGE_SIZE,
        offset: s.context.items.length,
      });
    },
    'ready.list.moreFailed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({
        kind: 'refused',
        message: 'El servicio no está disponible. Inténtalo más tarde.',
      });
      expect(can({ type: 'loadMore' })).toBe(true);
    },
    'ready.refreshing': (s) => {
      expect(calls.pending()).toEqual(['fetchPage']);
      // As many as shown, at least a page.
      expect(calls.inputOf('fetchPage')).toEqual({
        sectionId: SECTION_ID,
        limit: Math.max(CONVERSATIONS_PAGE_SIZE, s.context.items.length),
        offset: 0,
      });
      expect(can({ type: 'newConversation' })).toBe(true);
    },
    'ready.composing': () => {
      expect(can({ type: 'newConversation' })).toBe(false);
      expect(can({ type: 'loadMore' })).toBe(false);
    },
    'ready.composing.loadingDirectory': () => {
      expect(calls.pending()).toEqual(['fetchDirectory']);
      expect(calls.inputOf('fetchDirectory')).toEqual({ sectionId: SECTION_ID });
      expect(can({ type: 'cancel' })).toBe(true);
    },
    'ready.composing.directoryFailed': (s) => {
      expect(calls.pending()).toEqual([]);
      // Over the inbox, which stays as it was.
      expect(s.context.items.length).toBeGreaterThan(0);
      expect(s.context.directory).toBeNull();
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'cancel' })).toBe(true);
    },
    'ready.composing.unavailable': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.draft.desde).toBeNull();
      expect(can({ type: 'submit' })).toBe(false);
    },
    'ready.composing.form': (s) => {
      const { directory, draft } = s.context;
      // Written for one of one's own dwellings, or as the administration by an administrator.
      if (draft.desde === null) expect(directory!.comoAdministracion).toBe(true);
      else expect(directory!.mias.map((m) => m.ApmtId)).toContain(draft.desde);
      // The administration writes to a dwelling; never to the dwelling written for.
      if (draft.desde === null) expect(draft.to).toBe('vivienda');
      if (draft.apmtId !== null) expect(draft.apmtId).not.toBe(draft.desde);
      expect(can({ type: 'cancel' })).toBe(true);
    },
    'ready.composing.form.editing': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'submit' })).toBe(draftComplete(s.context));
    },
    'ready.composing.form.failed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'refused', message: 'Esta vivienda no recibe mensajes.' });
      expect(s.context.draft.text).toBe(TEXT);
    },
    'ready.composing.starting': (s) => {
      expect(calls.pending()).toEqual(['startConversation']);
      const d = s.context.draft;
      expect(calls.inputOf('startConversation')).toEqual({
        sectionId: SECTION_ID,
        desdeApmtId: d.desde,
        para: { ApmtId: d.to === 'administracion' ? null : d.apmtId },
        Texto: TEXT,
        fotos: d.photos,
      });
      expect(can({ type: 'cancel' })).toBe(false);
    },
  };

  const afterExactly = (state: object) => () => {
    clock.increment(CONVERSATION_REFRESH_MS - 1);
    expect(now().matches(state as never)).toBe(true);
    clock.increment(1);
  };

  const leadsTo = {
    // The conversation is opened by the page, and the inbox asked again (it is in it now).
    'xstate.done.actor.start': () => {
      expect(started).toEqual([STARTED.ConversationId]);
      expect(now().matches({ ready: 'refreshing' })).toBe(true);
      expect(now().context.draft.text).toBe('');
    },
    markRead: () => expect(now().context.items.find((c) => c.ConversationId === NEIGHBOUR.ConversationId)?.noLeidos).toBe(0),
    cancel: () => expect(now().context.draft).toMatchObject({ text: '', photos: [] }),
    'xstate.done.actor.nextPage': () => expect(ids(now())).toEqual([7, 8, 9]),
  };

  walkModel(it, cover, conversationListMachine, states, (input) => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    started = [];
    actor = createActor(provideCalls(conversationListMachine, calls), { input: input as never, clock });
    actor.on('started', (event) => started.push(event.conversationId));
    actor.start();
    return {
      actor,
      calls,
      special: {
        'xstate.after.refreshDelay.conversationList.ready.empty': afterExactly({ ready: 'empty' }),
        'xstate.after.refreshDelay.conversationList.ready.list.idle': afterExactly({ ready: { list: 'idle' } }),
        'xstate.after.refreshDelay.conversationList.ready.list.moreFailed': afterExactly({ ready: { list: 'moreFailed' } }),
      },
      after: leadsTo,
    };
  });
});

describe('conversationListMachine rules', () => {
  afterEach(() => vi.useRealTimers());
  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };

  it('refreshes every CONVERSATION_REFRESH_MS: a new conversation and unread counts appear without reloading', async () => {
    vi.useFakeTimers();
    const answers = [NONE, { ...FIRST, items: [{ ...NEIGHBOUR, noLeidos: 1 }], total: 1 }, FIRST];
    const asked: unknown[] = [];
    const actor = createActor(
      conversationListMachine.provide({
        actors: {
          fetchPage: fromPromise(async ({ input }) => {
            asked.push(input);
            return answers.shift() ?? FIRST;
          }),
        },
      }),
      { input: { sectionId: SECTION_ID } },
    ).start();
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'empty' });
    vi.advanceTimersByTime(CONVERSATION_REFRESH_MS - 1);
    expect(asked).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: { list: 'idle' } });
    expect(actor.getSnapshot().context.items[0]!.noLeidos).toBe(1);
    vi.advanceTimersByTime(CONVERSATION_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().context.items.map((c) => [c.ConversationId, c.noLeidos])).toEqual([
      [7, 2],
      [8, 0],
    ]);
    expect(asked).toHaveLength(3);
  });

  it('a refresh replaces the first pages and keeps the ones beyond it', () => {
    const many = Array.from({ length: 25 }, (_, i) => summary(100 + i, { ApmtId: 500 + i, Nombre: `Casa ${i}` }, 0));
    // Conversation 124 had a new message and moved to the top.
    const fresh = [many[24]!, ...many.slice(0, 19)];
    const merged = mergeRefreshed(many, fresh);
    expect(merged.map((c) => c.ConversationId)).toEqual([
      124,
      ...many.slice(0, 19).map((c) => c.ConversationId),
      120,
      121,
      122,
      123,
    ]);
    expect(appendPage([NEIGHBOUR], [NEIGHBOUR, LAST]).map((c) => c.ConversationId)).toEqual([7, 9]);
  });

  it('offers towers then their dwellings, houses without a tower too, never the dwelling written for', () => {
    expect(towerChoices(RESIDENT_DIRECTORY)).toEqual([1, 2, 'none']);
    expect(dwellingsOf(RESIDENT_DIRECTORY, 1, 101).map((v) => v.ApmtId)).toEqual([102]);
    expect(dwellingsOf(RESIDENT_DIRECTORY, 'none', 101).map((v) => v.ApmtId)).toEqual([301]);
    expect(dwellingsOf(RESIDENT_DIRECTORY, null, 101)).toEqual([]);
  });

  async function composing(directory = RESIDENT_DIRECTORY) {
    const starts: unknown[] = [];
    const opened: number[] = [];
    const actor = createActor(
      conversationListMachine.provide({
        actors: {
          fetchPage: fromPromise(async () => FIRST),
          fetchDirectory: fromPromise(async () => directory),
          startConversation: fromPromise(async ({ input }) => {
            starts.push(input);
            return STARTED;
          }),
        },
      }),
      { input: { sectionId: SECTION_ID } },
    );
    actor.on('started', (e) => opened.push(e.conversationId));
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'list' })).toBe(true));
    actor.send({ type: 'newConversation' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'composing' })).toBe(true));
    return { actor, starts, opened };
  }

  it('a resident writes to a dwelling of another tower with a photo; the page is told to open it', async () => {
    const { actor, starts, opened } = await composing();
    expect(actor.getSnapshot().matches({ ready: { composing: 'form' } })).toBe(true);
    actor.send({ type: 'chooseRecipient', to: 'vivienda' });
    actor.send({ type: 'chooseTower', tower: 1 });
    // One's own dwelling is not a recipient.
    actor.send({ type: 'chooseDwelling', apmtId: 101 });
    expect(actor.getSnapshot().context.draft.apmtId).toBeNull();
    actor.send({ type: 'chooseDwelling', apmtId: 102 });
    // Writing for 102 instead drops it as the recipient.
    actor.send({ type: 'chooseSide', apmtId: 102 });
    expect(actor.getSnapshot().context.draft.apmtId).toBeNull();
    actor.send({ type: 'chooseSide', apmtId: 101 });
    actor.send({ type: 'chooseTower', tower: 2 });
    actor.send({ type: 'chooseDwelling', apmtId: 202 });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    actor.send({ type: 'edit', text: `  ${TEXT} ` });
    actor.send({ type: 'attach', photo: PHOTO });
    actor.send({ type: 'submit' });
    await vi.waitFor(() => expect(opened).toEqual([STARTED.ConversationId]));
    expect(starts).toEqual([{ sectionId: SECTION_ID, desdeApmtId: 101, para: { ApmtId: 202 }, Texto: TEXT, fotos: [PHOTO] }]);
  });

  it('the administration writes to dwellings only; someone with nothing to write for is told so', async () => {
    const { actor, starts } = await composing(ADMIN_DIRECTORY);
    expect(actor.getSnapshot().context.draft).toMatchObject({ desde: null, to: 'vivienda' });
    expect(actor.getSnapshot().can({ type: 'chooseRecipient', to: 'administracion' })).toBe(false);
    actor.send({ type: 'chooseTower', tower: 'none' });
    actor.send({ type: 'chooseDwelling', apmtId: 301 });
    actor.send({ type: 'edit', text: TEXT });
    actor.send({ type: 'submit' });
    await vi.waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0]).toMatchObject({ desdeApmtId: null, para: { ApmtId: 301 } });
    const nobody = await composing(NOBODY_DIRECTORY);
    expect(nobody.actor.getSnapshot().matches({ ready: { composing: 'unavailable' } })).toBe(true);
  });

  it('a resident writes to the administration', async () => {
    const { actor, starts } = await composing();
    actor.send({ type: 'chooseTower', tower: 2 });
    actor.send({ type: 'chooseRecipient', to: 'administracion' });
    actor.send({ type: 'edit', text: TEXT });
    actor.send({ type: 'submit' });
    await vi.waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0]).toMatchObject({ desdeApmtId: 101, para: { ApmtId: null } });
    expect(ADMINISTRATION.otro.ApmtId).toBeNull();
  });
});
