// The blog editor of listado-blogs, model-based: every event the machine declares offered from tests/models,
// every branch walked against a real actor whose calls are controllable promises and whose delays run on a
// simulated clock (no real waits; each delay is checked to take exactly its 500 ms or 3000 ms). Plus its
// rules: exclusivity (public → 0 users and the per-tower view back; exclusive → per-tower view 0), who joins
// and who leaves against the original assignment, the 500 ms search and the 3000 ms saved message with fake
// timers, and what update-section is sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise, SimulatedClock } from 'xstate';
import { type Blog, blogFormErrors, blogFormOf, RESIDENT_SEARCH_DEBOUNCE_MS, SAVED_MESSAGE_MS } from '../../src/api/blogs';
import { blogEditorMachine, isSelected, selectedCount } from '../../src/machines/blogEditorMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { BLOG, blogEditorModel, CONSEJO, DATA, SAVE_REFUSED, SEARCHED, VECINO } from '../models/blogEditorMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof blogEditorMachine>;
const cover = coverModel(blogEditorModel);
const INPUT = { sectionId: BLOG.SectId };
const SEARCH_DONE = 'xstate.after.searchDebounce.blogEditor.editing.selector.debouncing';
const SAVED_DONE = 'xstate.after.savedMessage.blogEditor.saved';
const formIsValid = (s: Snap) => s.context.form !== null && Object.keys(blogFormErrors(s.context.form)).length === 0;

describe('blogEditorMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof blogEditorMachine>;
  let clock = new SimulatedClock();
  let announced: Blog[] = [];
  let reloads = 0;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  /** The blog is announced as saved once per reload that followed a save, never otherwise. */
  const announcedOncePerReload = () => expect(announced).toEqual(Array(reloads).fill(BLOG));

  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['loadEditor']);
      expect(calls.inputOf('loadEditor')).toEqual(INPUT);
      expect(can({ type: 'save' })).toBe(false);
      expect(can({ type: 'retry' })).toBe(false);
      announcedOncePerReload();
    },
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'change', field: 'SectName', value: 'x' })).toBe(false);
      announcedOncePerReload();
    },
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      const { form, assigned, added, removed } = s.context;
      expect(assigned).toEqual([CONSEJO.UserId]);
      // Guardar is offered exactly when the shared rule passes, and only from the form itself.
      expect(can({ type: 'save' })).toBe(formIsValid(s) && s.matches({ editing: 'form' }));
      if (form!.ExclusivaUsuarios === 'Y') {
        expect(form!.VistaxTorre).toBe(0);
        // Leaving is for the assigned, joining for the others.
        for (const id of removed) expect(assigned).toContain(id);
        for (const id of added) expect(assigned).not.toContain(id);
      } else {
        // Public: nobody is selected, every assigned resident leaves, the per-tower view is back.
        expect(selectedCount(s.context)).toBe(0);
        expect({ added, removed }).toEqual({ added: [], removed: [CONSEJO.UserId] });
        expect(form!.VistaxTorre).toBe(1);
      }
    },
    'editing.form': (s) => {
      // The selector's search and filter are forgotten once it closes.
      expect(s.context).toMatchObject({ searchInput: '', search: '', towerFilter: null });
      expect(can({ type: 'openSelector' })).toBe(s.context.form!.ExclusivaUsuarios === 'Y');
      expect(can({ type: 'toggleResident', userId: VECINO.UserId })).toBe(false);
      expect(can({ type: 'search', value: 'x' })).toBe(false);
    },
    'editing.selector': (s) => {
      expect(s.context.form!.ExclusivaUsuarios).toBe('Y');
      const ticked = [CONSEJO, VECINO].filter((r) => isSelected(s.context, r.UserId));
      expect(selectedCount(s.context)).toBe(ticked.length);
      expect(can({ type: 'closeSelector' })).toBe(true);
      expect(can({ type: 'filterTower', towerId: null })).toBe(true);
      expect(can({ type: 'toggleResident', userId: CONSEJO.UserId })).toBe(true);
      expect(can({ type: 'openSelector' })).toBe(false);
    },
    'editing.selector.settled': (s) => {
      // What was typed is applied.
      expect(s.context.search).toBe(s.context.searchInput);
      expect(can({ type: SEARCH_DONE } as never)).toBe(false);
    },
    // The typed text waits; what is applied is still the previous search.
    'editing.selector.debouncing': (s) => {
      expect(s.context.searchInput).toBe(SEARCHED);
      expect(s.context.search).toBe('');
      expect(can({ type: SEARCH_DONE } as never)).toBe(true);
    },
    confirming: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(formIsValid(s)).toBe(true);
      expect(can({ type: 'confirm' })).toBe(true);
      expect(can({ type: 'cancel' })).toBe(true);
      expect(can({ type: 'save' })).toBe(false);
      expect(can({ type: 'retry' })).toBe(false);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['saveBlog']);
      // update-section gets the fields, who joins and who leaves.
      const { form, added, removed } = s.context;
      expect(calls.inputOf('saveBlog')).toEqual({ ...form, newUsers: added, deletedUsers: removed });
      expect(can({ type: 'cancel' })).toBe(false);
    },
    saveFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'refused', message: SAVE_REFUSED });
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'cancel' })).toBe(true);
      expect(can({ type: 'confirm' })).toBe(false);
    },
    reloading: () => {
      expect(calls.pending()).toEqual(['loadEditor']);
      expect(calls.inputOf('loadEditor')).toEqual(INPUT);
      expect(can({ type: 'change', field: 'SectName', value: 'x' })).toBe(false);
      expect(can({ type: 'retry' })).toBe(false);
      announcedOncePerReload();
    },
    saved: (s) => {
      expect(calls.pending()).toEqual([]);
      // The blog as the server has it now, with nobody joining or leaving; announced to the page.
      expect(s.context.form).toEqual(blogFormOf(BLOG));
      expect({ added: s.context.added, removed: s.context.removed, failure: s.context.failure }).toEqual({
        added: [],
        removed: [],
        failure: null,
      });
      expect(reloads).toBeGreaterThan(0);
      announcedOncePerReload();
      expect(can({ type: 'save' })).toBe(false);
      expect(can({ type: 'change', field: 'SectName', value: 'x' })).toBe(true);
    },
  };

  /** A delay of `ms` fires exactly when it has passed, not a millisecond before. */
  const afterExactly = (ms: number, before: string) => () => {
    clock.increment(ms - 1);
    expect(actor.getSnapshot().matches(before as never)).toBe(true);
    clock.increment(1);
  };

  /** Where the user's action leads, as the screen promises it (Cancelar closes the dialog on the form…). */
  const lands = (key: string) => () => expect(actor.getSnapshot().matches(key as never)).toBe(true);
  const leadsTo = {
    save: lands('confirming'),
    confirm: () => expect(calls.pending()).toEqual(['saveBlog']),
    cancel: lands('editing.form'),
    // Reintentar asks the server again: for the blog, or to save.
    retry: () => expect(calls.pending()).toHaveLength(1),
    openSelector: lands('editing.selector.settled'),
    closeSelector: lands('editing.form'),
    search: lands('editing.selector.debouncing'),
  };

  walkModel(it, cover, blogEditorMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    announced = [];
    reloads = 0;
    actor = createActor(provideCalls(blogEditorMachine, calls), { input: INPUT, clock });
    actor.on('saved', (event) => announced.push(event.blog));
    actor.start();
    return {
      actor,
      calls,
      special: {
        [SEARCH_DONE]: afterExactly(RESIDENT_SEARCH_DEBOUNCE_MS, 'editing.selector.debouncing'),
        [SAVED_DONE]: afterExactly(SAVED_MESSAGE_MS, 'saved'),
      },
      after: { ...leadsTo, 'xstate.done.actor.reloadEditor': () => reloads++ },
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
      { input: INPUT },
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
