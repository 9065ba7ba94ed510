// The facility editor for administrators (issue 15, RI): create or edit a facility — name, description,
// capacity, exclusive or shared, the reglamento as text and PDF, photos, hours per weekday (Monday first),
// blocks or free ranges, how far ahead, the cancellation deadline, a limit per week or month, approval, fee
// and deposit, arrears, active, closures. Nothing is said before saving is tried; then every field problem
// (facilityDraft.ts). A field the server refuses or a stale version (409) returns to the form with its words.
import { assign, fromPromise, setup } from 'xstate';
import { FACILITY_MAX_PHOTOS, type Facility, type FacilityAnswer, type FacilityDraft } from '../api/reservations';
import type { AttachmentUpload } from '../api/uploads';
import { ApiError } from '../services/http';
import { createFacility, updateFacility } from '../services/reservationsService';
import { cleanDraft, draftOf, draftProblems, NEW_FACILITY_DRAFT, updateRequest } from './reservationFacilityDraft';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface FacilityEditorContext {
  facility: Facility | null;
  draft: FacilityDraft;
  /** Photos of the facility that stay. */
  keptPhotos: number[];
  keepRulesPdf: boolean;
  /** Saving was tried: the problems are shown. */
  showProblems: boolean;
  /** The save failed: a refused field or a stale version in the server's words, or no answer. */
  failure: CallFailure | null;
  saved: Facility | null;
}

export type FacilityEditorEvent =
  | { type: 'edit'; patch: Partial<FacilityDraft> }
  | { type: 'addPhoto'; file: AttachmentUpload }
  | { type: 'removePhoto'; index: number }
  | { type: 'dropKeptPhoto'; id: number }
  | { type: 'setRulesPdf'; file: AttachmentUpload | null }
  | { type: 'save' }
  | { type: 'retry' }
  | { type: 'back' };

export interface SaveFacility {
  facility: Facility | null;
  draft: FacilityDraft;
  keptPhotos: number[];
  keepRulesPdf: boolean;
}

export const photoCount = (context: Pick<FacilityEditorContext, 'draft' | 'keptPhotos'>) =>
  context.draft.fotos.length + context.keptPhotos.length;

export const reservationFacilityEditorMachine = setup({
  types: {
    input: {} as { facility: Facility | null },
    context: {} as FacilityEditorContext,
    events: {} as FacilityEditorEvent,
  },
  actors: {
    saveFacility: fromPromise<FacilityAnswer, SaveFacility>(({ input, signal }) => {
      const draft = cleanDraft(input.draft);
      return input.facility
        ? updateFacility(updateRequest(input.facility, draft, input.keptPhotos, input.keepRulesPdf), signal)
        : createFacility(draft, signal);
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(draftProblems(cleanDraft(context.draft))).length === 0,
    roomForPhoto: ({ context }) => photoCount(context) < FACILITY_MAX_PHOTOS,
    photoAt: ({ context }, { index }: { index: number }) => index >= 0 && index < context.draft.fotos.length,
    keptPhoto: ({ context }, { id }: { id: number }) => context.keptPhotos.includes(id),
    /** Refused by the server with its words (a field, a stale version): back to the form, nothing lost. */
    refused: (_, { error }: { error: unknown }) =>
      error instanceof ApiError && (error.status === 400 || error.status === 409 || error.status === 422),
  },
  actions: {
    edit: assign(({ context }, { patch }: { patch: Partial<FacilityDraft> }) => ({ draft: { ...context.draft, ...patch } })),
    addPhoto: assign(({ context }, { file }: { file: AttachmentUpload }) => ({
      draft: { ...context.draft, fotos: [...context.draft.fotos, file] },
    })),
    removePhoto: assign(({ context }, { index }: { index: number }) => ({
      draft: { ...context.draft, fotos: context.draft.fotos.filter((_, i) => i !== index) },
    })),
    dropKeptPhoto: assign(({ context }, { id }: { id: number }) => ({ keptPhotos: context.keptPhotos.filter((k) => k !== id) })),
    setRulesPdf: assign(({ context }, { file }: { file: AttachmentUpload | null }) => ({
      draft: { ...context.draft, reglamentoPdf: file },
      // Removing the PDF (null) drops the current one too; a new one replaces it.
      keepRulesPdf: false,
    })),
    showProblems: assign({ showProblems: true }),
    keepSaved: assign((_, { facility }: { facility: Facility }) => ({ saved: facility, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'facilityEditor',
  context: ({ input }) => ({
    facility: input.facility,
    draft: input.facility ? draftOf(input.facility) : NEW_FACILITY_DRAFT,
    keptPhotos: input.facility?.fotos.map((f) => f.id) ?? [],
    keepRulesPdf: input.facility?.reglamentoPdf !== null && input.facility?.reglamentoPdf !== undefined,
    showProblems: false,
    failure: null,
    saved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        edit: { actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
        addPhoto: { guard: 'roomForPhoto', actions: { type: 'addPhoto', params: ({ event }) => ({ file: event.file }) } },
        removePhoto: {
          guard: { type: 'photoAt', params: ({ event }) => ({ index: event.index }) },
          actions: { type: 'removePhoto', params: ({ event }) => ({ index: event.index }) },
        },
        dropKeptPhoto: {
          guard: { type: 'keptPhoto', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'dropKeptPhoto', params: ({ event }) => ({ id: event.id }) },
        },
        setRulesPdf: { actions: { type: 'setRulesPdf', params: ({ event }) => ({ file: event.file }) } },
        save: [{ guard: 'valid', target: 'saving' }, { actions: 'showProblems' }],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'saveFacility',
        input: ({ context }) => ({
          facility: context.facility,
          draft: context.draft,
          keptPhotos: context.keptPhotos,
          keepRulesPdf: context.keepRulesPdf,
        }),
        onDone: {
          target: 'saved',
          actions: { type: 'keepSaved', params: ({ event }) => ({ facility: event.output.instalacion }) },
        },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { retry: 'saving', back: { target: 'editing', actions: 'forgetFailure' } } },
    saved: { type: 'final' },
  },
});
