// The facility editor, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose saving is a controllable promise. Each state checks what is sent (created
// or updated with its version, the photos kept, the PDF kept or not); plus the draft's pure rules: money in
// pesos to cents, every problem of a draft.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  centsToPesos,
  draftOf,
  draftProblems,
  NEW_FACILITY_DRAFT,
  pesosToCents,
} from '../../src/machines/reservationFacilityDraft';
import { reservationFacilityEditorMachine, type SaveFacility } from '../../src/machines/reservationFacilityEditorMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { EXISTING, PDF, PHOTO, reservationFacilityEditorModel, STALE } from '../models/reservationFacilityEditorMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof reservationFacilityEditorMachine>;
const cover = coverModel(reservationFacilityEditorModel);

describe('reservationFacilityEditorMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof reservationFacilityEditorMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'save' })).toBe(true);
      if (s.context.failure) expect(s.context.failure).toMatchObject({ kind: 'refused', message: STALE.message });
      if (s.context.showProblems && s.context.draft.Nombre === '')
        expect(draftProblems(s.context.draft)).toHaveProperty('Nombre');
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['saveFacility']);
      const sent = calls.inputOf('saveFacility') as SaveFacility;
      expect(sent.facility).toBe(s.context.facility);
      expect(sent.keptPhotos).toEqual(s.context.keptPhotos);
      expect(sent.keepRulesPdf).toBe(s.context.keepRulesPdf);
      expect(draftProblems(sent.draft)).toEqual({});
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect([can({ type: 'retry' }), can({ type: 'back' })]).toEqual([true, true]);
    },
    saved: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.saved?.version).toBe(2);
      expect(s.status).toBe('done');
    },
  };

  walkModel(it, cover, reservationFacilityEditorMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(reservationFacilityEditorMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});

describe('facility draft rules', () => {
  it('reads pesos as cents and writes them back', () => {
    expect(pesosToCents('1,250.50')).toBe(125_050);
    expect(pesosToCents('$500')).toBe(50_000);
    expect(pesosToCents('0.5')).toBe(50);
    expect(pesosToCents('12.345')).toBeNaN();
    expect(pesosToCents('abc')).toBeNaN();
    expect(centsToPesos(125_050)).toBe('1250.50');
  });

  it('names every problem of a draft: its shape, then the rules across fields', () => {
    expect(draftProblems({ ...NEW_FACILITY_DRAFT, Nombre: 'Alberca' })).toEqual({});
    expect(draftProblems(NEW_FACILITY_DRAFT)).toEqual({ Nombre: 'reservations.error.name' });
    expect(draftProblems({ ...NEW_FACILITY_DRAFT, Nombre: 'A', cuotaCents: Number.NaN })).toEqual({
      cuotaCents: 'reservations.error.field',
    });
    expect(draftProblems({ ...NEW_FACILITY_DRAFT, Nombre: 'A', horario: Array(7).fill(null) })).toEqual({
      horario: 'reservations.error.noHours',
    });
    expect(draftProblems({ ...NEW_FACILITY_DRAFT, Nombre: 'A', unidad: 'libre', minMinutos: 120, maxMinutos: 60 })).toEqual({
      maxMinutos: 'reservations.error.minMax',
    });
    expect(draftProblems({ ...NEW_FACILITY_DRAFT, Nombre: 'A', fotos: [PDF] })).toEqual({
      fotos: 'reservations.error.photoKind',
    });
    expect(draftProblems({ ...NEW_FACILITY_DRAFT, Nombre: 'A', reglamentoPdf: PHOTO })).toEqual({
      reglamentoPdf: 'reservations.error.pdfKind',
    });
  });

  it('starts an edit from the facility’s values without new files', () => {
    const draft = draftOf(EXISTING);
    expect(draft.Nombre).toBe('Salón de fiestas');
    expect(draft.fotos).toEqual([]);
    expect(draftProblems(draft)).toEqual({});
  });
});
