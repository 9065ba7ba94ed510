// The support desk's settings, model-based (every event offered, every branch walked against a real actor whose calls
// are controllable), and its rules: a canned answer needs a title and a text; hours are saved only when valid (each
// day opens before it closes, a real time zone).
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { supportDeskSettingsMachine } from '../../src/machines/supportDeskSettingsMachine';
import { NEW_ANSWER, NO_FRIDAY, supportDeskSettingsModel } from '../models/supportDeskSettingsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';
import { CANNED, SETTINGS } from '../support/supportFixtures';

type Snap = Snapshot<typeof supportDeskSettingsMachine>;
const cover = coverModel(supportDeskSettingsModel);

describe('supportDeskSettingsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof supportDeskSettingsMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['load']),
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    sessionEnded: () => expect(actor.getSnapshot().status).toBe('done'),
    ready: (s) => {
      expect(s.context.settings).not.toBeNull();
      expect(can({ type: 'saveHours' })).toBe(s.context.hours !== null);
    },
    'ready.idle': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.draft).toBeNull();
    },
    'ready.editing': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.draft).not.toBeNull();
      expect(can({ type: 'saveCanned' })).toBe(s.context.draft!.titulo !== '' && s.context.draft!.texto !== '');
    },
    'ready.failed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'dismiss' })).toBe(true);
    },
    savingCanned: (s) => {
      expect(calls.pending()).toEqual(['saveCanned']);
      const draft = s.context.draft!;
      expect(calls.inputOf('saveCanned')).toEqual({
        ...(draft.id === undefined ? {} : { id: draft.id }),
        titulo: draft.titulo,
        texto: draft.texto,
      });
    },
    deleting: () => {
      expect(calls.pending()).toEqual(['deleteCanned']);
      expect(calls.inputOf('deleteCanned')).toEqual({ id: CANNED[1]!.id });
    },
    savingHours: () => {
      expect(calls.pending()).toEqual(['saveHours']);
      expect(calls.inputOf('saveHours')).toEqual(NO_FRIDAY);
    },
  };

  walkModel(it, cover, supportDeskSettingsMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(supportDeskSettingsMachine, calls)).start();
    return {
      actor,
      calls,
      after: {
        'xstate.done.actor.saveHours': () =>
          expect(actor.getSnapshot().context).toMatchObject({ saved: true, hours: null, settings: NO_FRIDAY }),
      },
    };
  });
});

describe('supportDeskSettingsMachine rules', () => {
  async function loaded() {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(supportDeskSettingsMachine, calls)).start();
    calls.resolve('load', { canned: CANNED, settings: SETTINGS });
    await settle();
    return { actor, calls };
  }

  it('saves a canned answer only with a title and a text, trimmed', async () => {
    const { actor, calls } = await loaded();
    actor.send({ type: 'newCanned' });
    actor.send({ type: 'editDraft', titulo: '  ', texto: 'x' });
    expect(actor.getSnapshot().can({ type: 'saveCanned' })).toBe(false);
    actor.send({ type: 'editDraft', titulo: ` ${NEW_ANSWER.titulo} `, texto: ` ${NEW_ANSWER.texto} ` });
    actor.send({ type: 'saveCanned' });
    expect(calls.inputOf('saveCanned')).toEqual(NEW_ANSWER);
    actor.stop();
  });

  it('saves hours only when each day opens before it closes, in a real time zone', async () => {
    const { actor } = await loaded();
    actor.send({
      type: 'editHours',
      settings: { ...SETTINGS, dias: SETTINGS.dias.map((d, i) => (i === 0 ? { abre: '18:00', cierra: '09:00' } : d)) },
    });
    expect(actor.getSnapshot().can({ type: 'saveHours' })).toBe(false);
    actor.send({ type: 'editHours', settings: { ...SETTINGS, timeZone: 'Luna/Tranquilidad' } });
    expect(actor.getSnapshot().can({ type: 'saveHours' })).toBe(false);
    actor.send({ type: 'editHours', settings: NO_FRIDAY });
    expect(actor.getSnapshot().can({ type: 'saveHours' })).toBe(true);
    actor.stop();
  });
});
