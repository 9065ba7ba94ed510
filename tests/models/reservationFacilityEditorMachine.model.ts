// The facility editor as a test model: a new facility (saving before naming it shows the problems; named, it is
// created) and an existing one with a photo and a rules PDF (photos added and removed, the PDF replaced or
// dropped, saved; a stale version sends it back to the form with the server's words; a failure is retried or
// left). The words its scenarios are told in: docs/scenarios/reservationFacilityEditorMachine.md.
import type { EventObject } from 'xstate';
import type { FacilityAnswer } from '../../src/api/reservations';
import {
  type FacilityEditorContext,
  reservationFacilityEditorMachine,
} from '../../src/machines/reservationFacilityEditorMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';
import { facility } from '../support/reservationFixtures';

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
export const PHOTO = { name: 'alberca.png', dataUrl: `data:image/png;base64,${PIXEL}` };
export const PDF = { name: 'reglamento.pdf', dataUrl: `data:application/pdf;base64,${'JVBERi0xLjQK'.repeat(4)}` };
export const EXISTING = facility({
  fotos: [{ id: 9, nombre: 'salon.jpg', url: '/api/--instalaciones/archivo/9?firma=x' }],
  reglamentoPdf: { id: 10, nombre: 'reglamento.pdf', url: '/api/--instalaciones/archivo/10?firma=x' },
});
export const SAVED: FacilityAnswer = { success: true, instalacion: { ...EXISTING, version: 2 } };
export const STALE = new ApiError(409, 'CONFLICT', 'Alguien más editó esta instalación. Vuelve a abrirla.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof reservationFacilityEditorMachine>;
const ctx = (s: Snap): FacilityEditorContext => s.context;
const isNew = (s: Snap) => ctx(s).facility === null;

export const reservationFacilityEditorModel = defineModel({
  machine: reservationFacilityEditorMachine,
  inputs: { new: { facility: null }, existing: { facility: EXISTING } },
  payloads: {
    edit: (s) => (isNew(s) && ctx(s).draft.Nombre === '' && ctx(s).showProblems ? [{ patch: { Nombre: 'Alberca' } }] : []),
    addPhoto: (s) => (!isNew(s) && ctx(s).draft.fotos.length === 0 && ctx(s).keptPhotos.length === 1 ? [{ file: PHOTO }] : []),
    removePhoto: (s) => (!isNew(s) && ctx(s).draft.fotos.length === 1 ? [{ index: 0 }, { index: 3 }] : []),
    dropKeptPhoto: (s) => (!isNew(s) && ctx(s).draft.fotos.length === 0 && ctx(s).keepRulesPdf ? [{ id: 9 }] : []),
    setRulesPdf: (s) =>
      !isNew(s) && ctx(s).keepRulesPdf && ctx(s).keptPhotos.length === 0 ? [{ file: PDF }, { file: null }] : [],
    save: BARE,
    retry: BARE,
    back: BARE,
    'xstate.done.actor.save': [{ output: SAVED }],
    'xstate.error.actor.save': (s) => (isNew(s) ? [] : ctx(s).failure ? [{ error: NO_CONNECTION }] : [{ error: STALE }]),
  },
  label: (event: EventObject) => eventLabel(event),
  words: {
    states: {
      editing:
        'The dialog “Nueva instalación” / “Editar instalación”: name, description, capacity, exclusive, hours per weekday (Lunes first), how it is booked, days ahead, hours to cancel, limit, fee and deposit in pesos, approval, arrears, active, rules and PDF, photos, closures; the problems under their fields once saving was tried; the server’s words as an alert.',
      saving: 'Guardar is busy.',
      failed: 'An alert (no connection) and Reintentar.',
      saved: 'The dialog closes and the facility’s page shows it.',
    },
    events: {
      edit: (e) => `types the name “${(e.patch as { Nombre: string }).Nombre}”`,
      addPhoto: () => 'adds a photo',
      removePhoto: (e) => `removes the new photo #${e.index}`,
      dropKeptPhoto: () => 'removes the photo already on the facility',
      setRulesPdf: (e) => (e.file ? 'chooses a new rules PDF' : 'removes the rules PDF'),
      save: () => 'presses Guardar',
      retry: () => 'presses Reintentar',
      back: () => 'goes back to the form',
      'xstate.done.actor.save': () => 'the server saves it',
      'xstate.error.actor.save': (e) =>
        (e.error as ApiError).status ? 'the server says someone else edited it' : 'the connection fails',
    },
  },
});
