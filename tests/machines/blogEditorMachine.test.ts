// The blog editor of listado-blogs, model-based: every state and transition walked against a real actor
// whose calls are controllable promises and whose delays are short. Plus its rules: exclusivity (public →
// 0 users and the per-tower view back; exclusive → per-tower view 0), who joins and who leaves against
// the original assignment, the 500 ms search and the 3000 ms saved message with fake timers, and what
// update-section is sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { Blog, Resident, Tower } from '../../src/api/blogs';
import { blogEditorMachine, isSelected, saveRequestOf, selectedCount } from '../../src/machines/blogEditorMachine';
import type { BlogEditorData } from '../../src/services/blogService';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  type PathStep,
  providePromises,
  type Snapshot,
  type StateChecks,
  walkEveryPath,
} from '../support/modelTesting';

type Snap = Snapshot<typeof blogEditorMachine>;

const BLOG: Blog = {
  SectId: 9,
  SectName: 'Comité de jardinería',
  SectCode: '',
  SecGraphic: null,
  SectPosition: 9,
  SectStatus: 'A',
  SectPosting: 'B',
  CommentsDisplay: 'Y',
  VistaxTorre: 0,
  SolPrivada: 1,
  ExclusivaUsuarios: 'Y',
  PublicoPrivado: 0,
  TiempoMoroso: 0,
  userCount: 1,
  VerResultados: 0,
  EnviarCopia: 0,
  MensajeConfirmacion: null,
  blogCount: 0,
};
const CONSEJO: Resident = {
  UserId: 2,
  UserName: 'Consejo',
  AptName: '502',
  TorreName: 'Torre B',
  TorreId: 2,
  IdUsersSections: 7,
};
const VECINO: Resident = { UserId: 20, UserName: 'Vecino Veinte', AptName: 'Casa 3', TorreName: '', TorreId: null };
const TOWERS: Tower[] = [
  { id: 1, nombre: 'Torre A' },
  { id: 2, nombre: 'Torre B' },
];
const DATA: BlogEditorData = { blog: BLOG, residents: [CONSEJO, VECINO], towers: TOWERS };

const SEARCH_DONE = 'xstate.after.searchDebounce.blogEditor.editing.selector.debouncing';
const SAVED_DONE = 'xstate.after.savedMessage.blogEditor.saved';

function eventsFor(s: Snap): ModelEvent[] {
  if (s.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadEditor', output: DATA },
      { type: 'xstate.error.actor.loadEditor', error: new Error('Failed to fetch') },
    ];
  }
  if (s.matches('reloading')) {
    return [
      { type: 'xstate.done.actor.reloadEditor', output: DATA },
      { type: 'xstate.error.actor.reloadEditor', error: new Error('Failed to fetch') },
    ];
  }
  if (s.matches('saving')) {
    return [
      { type: 'xstate.done.actor.saveBlog', output: BLOG },
      { type: 'xstate.error.actor.saveBlog', error: new Error('El nombre del blog es requerido') },
    ];
  }
  if (s.matches({ editing: 'selector' })) {
    return [
      { type: 'search', value: 'torre b' },
      { type: SEARCH_DONE },
      { type: 'toggleResident', userId: CONSEJO.UserId },
      { type: 'toggleResident', userId: VECINO.UserId },
      { type: 'closeSelector' },
    ];
  }
  const exclusive = s.context.form?.ExclusivaUsuarios === 'Y';
  return [
    { type: 'retry' },
    { type: 'change', field: 'SectName', value: '' },
    { type: 'change', field: 'SectName', value: 'Jardín' },
    { type: 'change', field: 'ExclusivaUsuarios', value: exclusive ? 'N' : 'Y' },
    { type: 'openSelector' },
    { type: 'save' },
    { type: 'confirm' },
    { type: 'cancel' },
    { type: SAVED_DONE },
  ];
}

const { paths, gaps } = coveredModel(blogEditorMachine, { input: { sectionId: 9 }, events: eventsFor });

/** Short delays for the walk; the real 500 ms and 3000 ms are checked with fake timers below. */
const WALK_DELAY_MS = 40;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('blogEditorMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
    expect(paths.length).toBeGreaterThan(30);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof blogEditorMachine>;
  let savedEvents: Blog[] = [];
  const states: StateChecks<Snap> = {
    loading: () => expect(calls.inputOf('loadEditor')).toEqual({ sectionId: 9 }),
    loadFailed: () => expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true),
    editing: (s) => {
      expect(actor.getSnapshot().context.form).not.toBeNull();
      const form = s.context.form!;
      // Guardar is enabled exactly when the form is valid, and only from the form itself.
      const valid = form.SectName.trim() !== '';
      expect(actor.getSnapshot().can({ type: 'save' })).toBe(valid && s.matches({ editing: 'form' }));
      if (form.ExclusivaUsuarios === 'Y') expect(form.VistaxTorre).toBe(0);
      else expect(selectedCount(s.context)).toBe(0);
    },
    'editing.form': () => expect(actor.getSnapshot().context.search).toBe(''),
    'editing.selector': (s) => {
      expect(s.context.form!.ExclusivaUsuarios).toBe('Y');
      expect(selectedCount(s.context)).toBe([CONSEJO, VECINO].filter((r) => isSelected(s.context, r.UserId)).length);
    },
    'editing.selector.settled': (s) => expect(actor.getSnapshot().context.search).toBe(s.context.searchInput),
    // The typed text waits; what is applied is still the previous search (compared with the model's).
    'editing.selector.debouncing': () => expect(actor.getSnapshot().context.searchInput).toBe('torre b'),
    confirming: () => expect(actor.getSnapshot().can({ type: 'confirm' })).toBe(true),
    saving: (s) => expect(calls.inputOf('saveBlog')).toEqual(saveRequestOf(s.context)),
    saveFailed: () => expect(actor.getSnapshot().context.error).toBe('El nombre del blog es requerido'),
    reloading: () => expect(calls.inputOf('loadEditor')).toEqual({ sectionId: 9 }),
    saved: (s) => {
      expect(savedEvents.at(-1)).toEqual(BLOG);
      expect(s.context.added).toEqual([]);
      expect(s.context.removed).toEqual([]);
    },
  };

  const waitForDelay = async (_step: PathStep) => {
    await wait(WALK_DELAY_MS * 2);
  };

  walkEveryPath(it, blogEditorMachine, paths, states, () => {
    calls = controllablePromises();
    savedEvents = [];
    const machine = providePromises(blogEditorMachine, calls, ['loadEditor', 'saveBlog']).provide({
      delays: { searchDebounce: WALK_DELAY_MS, savedMessage: WALK_DELAY_MS },
    });
    actor = createActor(machine, { input: { sectionId: 9 } });
    actor.on('saved', (event) => savedEvents.push(event.blog));
    actor.start();
    return {
      actor,
      calls,
      send: ['change', 'save', 'confirm', 'cancel', 'retry', 'openSelector', 'closeSelector', 'search', 'toggleResident'],
      invoked: { loadEditor: 'loadEditor', reloadEditor: 'loadEditor', saveBlog: 'saveBlog' },
      special: { [SEARCH_DONE]: waitForDelay, [SAVED_DONE]: waitForDelay },
    };
  });
});

describe('blogEditorMachine rules', () => {
  afterEach(() => vi.useRealTimers());

  const started = async () => {
    const saves: unknown[] = [];
    const actor = createActor(
      blogEditorMachine.provide({
        actors: {
          loadEditor: fromPromise(async () => DATA),
          saveBlog: fromPromise(async ({ input }) => {
            saves.push(input);
            return BLOG;
          }),
        },
      }),
      { input: { sectionId: 9 } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
    return { actor, saves };
  };

  it('making a blog public drops its residents and restores the per-tower view; exclusive again sets it to 0', async () => {
    const { actor } = await started();
    actor.send({ type: 'change', field: 'ExclusivaUsuarios', value: 'N' });
    let ctx = actor.getSnapshot().context;
    expect(ctx.form!.VistaxTorre).toBe(1);
    expect(selectedCount(ctx)).toBe(0);
    expect(ctx.removed).toEqual([CONSEJO.UserId]);
    actor.send({ type: 'change', field: 'VistaxTorre', value: 1 });
    actor.send({ type: 'change', field: 'ExclusivaUsuarios', value: 'Y' });
    ctx = actor.getSnapshot().context;
    expect(ctx.form!.VistaxTorre).toBe(0);
    expect(selectedCount(ctx)).toBe(1);
    actor.send({ type: 'change', field: 'ExclusivaUsuarios', value: 'N' });
    expect(actor.getSnapshot().context.form!.VistaxTorre).toBe(1);
  });

  it('tracks who joins and who leaves and moves the count; saves them with the fields', async () => {
    const { actor, saves } = await started();
    actor.send({ type: 'openSelector' });
    actor.send({ type: 'toggleResident', userId: VECINO.UserId });
    expect(selectedCount(actor.getSnapshot().context)).toBe(2);
    actor.send({ type: 'toggleResident', userId: CONSEJO.UserId });
    expect(selectedCount(actor.getSnapshot().context)).toBe(1);
    actor.send({ type: 'toggleResident', userId: CONSEJO.UserId });
    actor.send({ type: 'toggleResident', userId: CONSEJO.UserId });
    actor.send({ type: 'closeSelector' });
    actor.send({ type: 'change', field: 'SectName', value: 'Jardín' });
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'));
    expect(saves).toEqual([
      expect.objectContaining({ SectId: 9, SectName: 'Jardín', newUsers: [VECINO.UserId], deletedUsers: [CONSEJO.UserId] }),
    ]);
  });

  it('applies the search 500 ms after the last keystroke and shows the saved message for 3000 ms', async () => {
    const { actor } = await started();
    vi.useFakeTimers();
    actor.send({ type: 'openSelector' });
    actor.send({ type: 'filterTower', towerId: 2 });
    actor.send({ type: 'search', value: 've' });
    vi.advanceTimersByTime(400);
    actor.send({ type: 'search', value: 'vec' });
    vi.advanceTimersByTime(499);
    expect(actor.getSnapshot().context.search).toBe('');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.search).toBe('vec');
    // Typing keeps the tower filter.
    expect(actor.getSnapshot().context.towerFilter).toBe(2);
    actor.send({ type: 'closeSelector' });
    expect(actor.getSnapshot().context.search).toBe('');
    actor.send({ type: 'save' });
    actor.send({ type: 'confirm' });
    // The calls resolve in microtasks; no fake time passes while waiting for them.
    for (let i = 0; i < 50 && !actor.getSnapshot().matches('saved'); i++) await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('saved');
    vi.advanceTimersByTime(2999);
    expect(actor.getSnapshot().value).toBe('saved');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toEqual({ editing: 'form' });
  });

  it('keeps Guardar off while the name is empty or longer than 120, or the confirmation over 100', async () => {
    const { actor } = await started();
    actor.send({ type: 'change', field: 'SectName', value: '   ' });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(false);
    actor.send({ type: 'change', field: 'SectName', value: 'x'.repeat(121) });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(false);
    actor.send({ type: 'change', field: 'SectName', value: 'x'.repeat(120) });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(true);
    actor.send({ type: 'change', field: 'MensajeConfirmacion', value: 'y'.repeat(101) });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(false);
  });
});
