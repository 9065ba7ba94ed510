// The condominium's settings, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises. Each state checks what is sent (the
// version read, the draft), that a save or a logo refreshes the session, and what the screen is told; plus the
// rules the form and the server share.
import { describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { settingsProblems } from '../../src/api/condoSettings';
import { condoSettingsMachine, problemsOf, resetsPrivacy } from '../../src/machines/condoSettingsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { condoSettingsModel, MAP_REFUSED, SETTINGS, STALE, THEIRS } from '../models/condoSettingsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof condoSettingsMachine>;
const cover = coverModel(condoSettingsModel);

describe('condoSettingsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof condoSettingsMachine>;
  let refreshes = vi.fn();
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadSettings']);
      expect(s.context.draft).toBeNull();
    },
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.draft).not.toBeNull();
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'save' })).toBe(true);
      if (s.context.logoFailure) expect(s.context.logoFailure).toEqual(NETWORK_FAILURE);
    },
    invalid: (s) => {
      expect(calls.pending()).toEqual([]);
      const problems = problemsOf(s.context);
      if (s.context.serverProblem) expect(s.context.serverProblem).toEqual({ field: 'mapa', message: MAP_REFUSED.message });
      else expect(problems).toEqual({ name: 'condoSettings.error.name' });
      expect(can({ type: 'save' })).toBe(false);
    },
    changingLogo: () => {
      expect(calls.pending()).toEqual(['changeLogo']);
      const { dataUrl } = calls.inputOf('changeLogo') as { dataUrl: string | null };
      expect(dataUrl === null || dataUrl.startsWith('data:image/png')).toBe(true);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['saveSettings']);
      const sent = calls.inputOf('saveSettings') as { version: string; fields: unknown };
      expect(sent.version).toBe(s.context.settings!.version);
      expect(sent.fields).toEqual(s.context.draft);
      expect(settingsProblems(s.context.draft!)).toEqual({});
    },
    stale: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.fresh).toEqual(THEIRS);
      expect(s.context.refusal).toBe(STALE.kind === 'stale' ? STALE.message : '');
      expect(s.context.failure).toBeNull();
      expect([can({ type: 'takeFresh' }), can({ type: 'keepMine' })]).toEqual([true, true]);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect([can({ type: 'retry' }), can({ type: 'back' })]).toEqual([true, true]);
    },
    saved: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(refreshes).toHaveBeenCalled();
      expect(s.context.draft).toEqual(s.context.settings!.fields);
      expect(s.context.settings!.fields.backgroundColor).toBe('naranja');
    },
  };

  walkModel(it, cover, condoSettingsMachine, states, () => {
    calls = controllablePromises();
    refreshes = vi.fn();
    const machine = condoSettingsMachine.provide({ actions: { refreshSession: refreshes } });
    actor = createActor(provideCalls(machine, calls)).start();
    return { actor, calls };
  });
});

describe('condominium settings rules', () => {
  it('names each problem of the fields', () => {
    expect(settingsProblems(SETTINGS.fields)).toEqual({});
    expect(
      settingsProblems({
        ...SETTINGS.fields,
        name: ' ',
        phone1: 'abc',
        phoneCountry2: '+52',
        timeZone: 'Mars/Olympus',
        avisoActivo: true,
        publicidad: 'x'.repeat(501),
      }),
    ).toEqual({
      name: 'condoSettings.error.name',
      phone1: 'condoSettings.error.phone',
      phoneCountry2: 'condoSettings.error.phoneCountry',
      timeZone: 'condoSettings.error.timeZone',
      avisoPrivacidad: 'condoSettings.error.avisoEmpty',
      publicidad: 'condoSettings.error.tooLong',
    });
  });

  it('says when a save asks everyone again: a new text, or the notice switched on', () => {
    const on = { ...SETTINGS, fields: { ...SETTINGS.fields, avisoPrivacidad: 'Texto', avisoActivo: true } };
    expect(resetsPrivacy(SETTINGS, { ...SETTINGS.fields, avisoPrivacidad: 'Texto', avisoActivo: true })).toBe(true);
    expect(resetsPrivacy(on, on.fields)).toBe(false);
    expect(resetsPrivacy(on, { ...on.fields, avisoPrivacidad: 'Otro' })).toBe(true);
    expect(resetsPrivacy(on, { ...on.fields, avisoActivo: false, avisoPrivacidad: 'Otro' })).toBe(false);
    expect(resetsPrivacy({ ...on, fields: { ...on.fields, avisoActivo: false } }, on.fields)).toBe(true);
  });
});
