// Creating a survey or vote, or editing one before it opens (issue 14). Administrators choose the section, the
// kind (an encuesta counts one answer per person; a votación one vote per dwelling, by default weighted by its
// indiviso share), secret or public ballot, whether votes may change, the quorum, the opening and closing in
// the condominium's time, the questions and their options (added, removed, moved), and files. A resident where
// the section lets them propose writes an encuesta that administrators publish. The draft's problems
// (pollDraft.ts, the contract's validatePollDraft) show once a field was touched or sending was tried; the
// server's refusal of a field shows on that field and keeps everything typed; an edit that lost the race to
// another administrator (409) shows the poll as it is now and may start again from it.
import { assign, fromPromise, setup } from 'xstate';
import {
  POLL_MAX_ATTACHMENTS,
  POLL_MAX_OPTIONS,
  POLL_MAX_QUESTIONS,
  type PollAnswer,
  type PollCounting,
  type PollDraft,
  type PollKind,
  type PollSavedAnswer,
  type PollsHomeAnswer,
  type PollUpdateRequest,
  type QuestionKind,
} from '../api/polls';
import type { AttachmentUpload } from '../api/uploads';
import { createPoll, type PollSaveResult, updatePoll } from '../services/pollsService';
import {
  blankDraft,
  blankQuestion,
  type DraftField,
  defaultCounting,
  draftFieldOf,
  draftProblems,
  sentDraft,
  switchQuestion,
} from './pollDraft';
import { type CallFailure, callFailure } from './shared/callFailure';

/** A poll being edited: as the server stored it, with the files it already has. */
export interface ExistingPoll {
  pollId: number;
  version: number;
  borrador: PollDraft;
  adjuntos: { id: number; nombre: string }[];
}

export interface PollEditorInput {
  home: PollsHomeAnswer;
  existing?: ExistingPoll | null;
}

export type DraftTextField = 'Titulo' | 'Descripcion' | 'abre' | 'cierra';
export type DraftSwitch = 'secreta' | 'cambiable';

export interface PollEditorContext {
  home: PollsHomeAnswer;
  existing: ExistingPoll | null;
  draft: PollDraft;
  /** Files already on the poll that stay (editing). */
  keep: number[];
  /** Fields whose problems show (touched), and whether sending was tried (all show). */
  touched: DraftField[];
  submitted: boolean;
  /** The server's words on a field it refused, by field; cleared when the field changes. */
  serverErrors: Partial<Record<DraftField, string>>;
  /** The last save failed: why. */
  failure: CallFailure | null;
  /** An edit that lost the race: the server's words and the poll as it is now. */
  conflict: { message: string; answer: PollAnswer } | null;
  saved: PollSavedAnswer | null;
}

export type PollEditorEvent =
  | { type: 'edit'; field: DraftTextField; value: string }
  | { type: 'chooseSection'; sectionId: number }
  | { type: 'chooseKind'; tipo: PollKind }
  | { type: 'chooseCounting'; conteo: PollCounting }
  | { type: 'setSwitch'; option: DraftSwitch; value: boolean }
  | { type: 'setQuorum'; quorum: number | null }
  | { type: 'addQuestion' }
  | { type: 'removeQuestion'; index: number }
  | { type: 'moveQuestion'; index: number; to: number }
  | { type: 'editQuestion'; index: number; Texto: string }
  | { type: 'chooseQuestionKind'; index: number; tipo: QuestionKind }
  | { type: 'setMaximum'; index: number; maximo: number }
  | { type: 'addOption'; index: number }
  | { type: 'removeOption'; index: number; option: number }
  | { type: 'editOption'; index: number; option: number; value: string }
  | { type: 'moveOption'; index: number; option: number; to: number }
  | { type: 'attach'; file: AttachmentUpload }
  | { type: 'detach'; index: number }
  | { type: 'dropExisting'; id: number }
  | { type: 'touch'; field: DraftField }
  | { type: 'submit' }
  | { type: 'retry' }
  | { type: 'revise' }
  | { type: 'startOver' };

/** What the save call carries: a new poll, or the edit of one with the version read. */
export type PollSave = { mode: 'create'; draft: PollDraft } | { mode: 'update'; request: PollUpdateRequest };

/** Administrators publish in any EN section they read; others propose where the home says they may. */
export const isAdministrator = (home: PollsHomeAnswer) => home.canCreate;

export function editorSections(home: PollsHomeAnswer) {
  return isAdministrator(home) ? home.secciones : home.secciones.filter((s) => home.proposeIn.includes(s.SectId));
}

/** The opening is judged against now only for a new poll or an opening changed (pollDraft.draftProblems). */
export function nowFor(context: Pick<PollEditorContext, 'home' | 'existing' | 'draft'>): string | undefined {
  return !context.existing || context.existing.borrador.abre !== context.draft.abre ? context.home.ahoraLocal : undefined;
}

export const problemsOf = (context: Pick<PollEditorContext, 'home' | 'existing' | 'draft'>) =>
  draftProblems(context.draft, nowFor(context));

/** The problems the form shows now: those of the touched fields, all once sending was tried. */
export function shownProblems(context: PollEditorContext): Partial<Record<DraftField, string>> {
  const problems = problemsOf(context);
  return Object.fromEntries(
    Object.entries(problems).filter(([field]) => context.submitted || context.touched.includes(field as DraftField)),
  );
}

export function saveOf(context: PollEditorContext): PollSave {
  const draft = sentDraft(context.draft);
  if (!context.existing) return { mode: 'create', draft };
  return {
    mode: 'update',
    request: { ...draft, pollId: context.existing.pollId, version: context.existing.version, conservarAdjuntos: context.keep },
  };
}

function startFrom(input: PollEditorInput) {
  const { home, existing } = input;
  const tipo: PollKind = isAdministrator(home) ? 'votacion' : 'encuesta';
  return {
    draft: existing ? { ...existing.borrador, adjuntos: [] } : blankDraft(home, editorSections(home)[0]?.SectId ?? 0, tipo),
    keep: existing ? existing.adjuntos.map((a) => a.id) : [],
    touched: [] as DraftField[],
    submitted: false,
    serverErrors: {},
    failure: null,
    conflict: null,
    saved: null,
  };
}

const questionAt = (context: PollEditorContext, index: number) => context.draft.preguntas[index];
const withOptions = (tipo: QuestionKind | undefined) => tipo === 'unica' || tipo === 'multiple';

/** The draft with one question changed. */
const withQuestion = (
  context: PollEditorContext,
  index: number,
  change: (q: PollDraft['preguntas'][number]) => PollDraft['preguntas'][number],
) => ({
  draft: { ...context.draft, preguntas: context.draft.preguntas.map((q, i) => (i === index ? change(q) : q)) },
});

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A change to a field forgets what the server said of it. */
const forgetServer = (context: PollEditorContext, field: DraftField) => {
  const { [field]: _gone, ...rest } = context.serverErrors;
  return rest;
};

export const pollEditorMachine = setup({
  types: {
    input: {} as PollEditorInput,
    context: {} as PollEditorContext,
    events: {} as PollEditorEvent,
  },
  actors: {
    savePoll: fromPromise<PollSaveResult, PollSave>(({ input, signal }) =>
      input.mode === 'create' ? createPoll(input.draft, signal) : updatePoll(input.request, signal),
    ),
  },
  guards: {
    isValid: ({ context }) => Object.keys(problemsOf(context)).length === 0,
    sectionOffered: ({ context }, { sectionId }: { sectionId: number }) =>
      sectionId !== context.draft.sectionId && editorSections(context.home).some((s) => s.SectId === sectionId),
    otherKind: ({ context }, { tipo }: { tipo: PollKind }) => isAdministrator(context.home) && tipo !== context.draft.tipo,
    countingFits: ({ context }, { conteo }: { conteo: PollCounting }) =>
      context.draft.tipo === 'votacion' ? conteo !== 'persona' : conteo === 'persona',
    quorumInRange: (_, { quorum }: { quorum: number | null }) =>
      quorum === null || (Number.isInteger(quorum) && quorum >= 1 && quorum <= 100),
    canAddQuestion: ({ context }) => context.draft.preguntas.length < POLL_MAX_QUESTIONS,
    canRemoveQuestion: ({ context }, { index }: { index: number }) =>
      context.draft.preguntas.length > 1 && index >= 0 && index < context.draft.preguntas.length,
    questionMoves: ({ context }, { index, to }: { index: number; to: number }) => {
      const n = context.draft.preguntas.length;
      return index !== to && index >= 0 && index < n && to >= 0 && to < n;
    },
    questionThere: ({ context }, { index }: { index: number }) => !!questionAt(context, index),
    /** Free text only in encuestas. */
    questionKindFits: ({ context }, { index, tipo }: { index: number; tipo: QuestionKind }) => {
      const question = questionAt(context, index);
      return !!question && question.tipo !== tipo && (tipo !== 'abierta' || context.draft.tipo === 'encuesta');
    },
    maximumFits: ({ context }, { index, maximo }: { index: number; maximo: number }) => {
      const question = questionAt(context, index);
      return question?.tipo === 'multiple' && Number.isInteger(maximo) && maximo >= 2 && maximo <= question.opciones.length;
    },
    canAddOption: ({ context }, { index }: { index: number }) => {
      const question = questionAt(context, index);
      return withOptions(question?.tipo) && question!.opciones.length < POLL_MAX_OPTIONS;
    },
    canRemoveOption: ({ context }, { index, option }: { index: number; option: number }) => {
      const question = questionAt(context, index);
      return withOptions(question?.tipo) && question!.opciones.length > 2 && option >= 0 && option < question!.opciones.length;
    },
    optionThere: ({ context }, { index, option }: { index: number; option: number }) => {
      const question = questionAt(context, index);
      return withOptions(question?.tipo) && option >= 0 && option < question!.opciones.length;
    },
    optionMoves: ({ context }, { index, option, to }: { index: number; option: number; to: number }) => {
      const n = questionAt(context, index)?.opciones.length ?? 0;
      return withOptions(questionAt(context, index)?.tipo) && option !== to && option >= 0 && option < n && to >= 0 && to < n;
    },
    canAttach: ({ context }) => context.draft.adjuntos.length + context.keep.length < POLL_MAX_ATTACHMENTS,
    attached: ({ context }, { index }: { index: number }) => index >= 0 && index < context.draft.adjuntos.length,
    kept: ({ context }, { id }: { id: number }) => context.keep.includes(id),
    untouched: ({ context }, { field }: { field: DraftField }) => !context.touched.includes(field),
    lostRace: (_, { result }: { result: PollSaveResult }) => result.kind === 'conflict',
    /** The poll as it is now may still be edited: start again from it. */
    editableAgain: ({ context }) => !!context.conflict?.answer.puedeEditar && !!context.conflict.answer.borrador,
  },
  actions: {
    edit: assign(({ context }, { field, value }: { field: DraftTextField; value: string }) => ({
      draft: { ...context.draft, [field]: value },
      serverErrors: forgetServer(context, field === 'Descripcion' ? 'form' : field),
    })),
    chooseSection: assign(({ context }, { sectionId }: { sectionId: number }) => ({ draft: { ...context.draft, sectionId } })),
    // The kind brings its counting: one per person, or weighted by indiviso.
    chooseKind: assign(({ context }, { tipo }: { tipo: PollKind }) => ({
      draft: { ...context.draft, tipo, conteo: defaultCounting(tipo) },
      serverErrors: forgetServer(context, 'conteo'),
    })),
    chooseCounting: assign(({ context }, { conteo }: { conteo: PollCounting }) => ({ draft: { ...context.draft, conteo } })),
    setSwitch: assign(({ context }, { option, value }: { option: DraftSwitch; value: boolean }) => ({
      draft: { ...context.draft, [option]: value },
    })),
    setQuorum: assign(({ context }, { quorum }: { quorum: number | null }) => ({ draft: { ...context.draft, quorum } })),
    addQuestion: assign(({ context }) => ({
      draft: {
        ...context.draft,
        preguntas: [...context.draft.preguntas, blankQuestion(context.draft.tipo === 'votacion' ? 'sino' : 'unica')],
      },
    })),
    removeQuestion: assign(({ context }, { index }: { index: number }) => ({
      draft: { ...context.draft, preguntas: context.draft.preguntas.filter((_, i) => i !== index) },
      // The questions after it move up: what was said of them by number no longer fits.
      touched: context.touched.filter((f) => !f.startsWith('pregunta.')),
      serverErrors: {},
    })),
    moveQuestion: assign(({ context }, { index, to }: { index: number; to: number }) => ({
      draft: { ...context.draft, preguntas: moved(context.draft.preguntas, index, to) },
      touched: context.touched.filter((f) => !f.startsWith('pregunta.')),
      serverErrors: {},
    })),
    editQuestion: assign(({ context }, { index, Texto }: { index: number; Texto: string }) => ({
      ...withQuestion(context, index, (q) => ({ ...q, Texto })),
      serverErrors: forgetServer(context, `pregunta.${index}`),
    })),
    chooseQuestionKind: assign(({ context }, { index, tipo }: { index: number; tipo: QuestionKind }) =>
      withQuestion(context, index, (q) => switchQuestion(q, tipo)),
    ),
    setMaximum: assign(({ context }, { index, maximo }: { index: number; maximo: number }) =>
      withQuestion(context, index, (q) => ({ ...q, maximo })),
    ),
    addOption: assign(({ context }, { index }: { index: number }) =>
      withQuestion(context, index, (q) => ({ ...q, opciones: [...q.opciones, ''] })),
    ),
    // A maximum over the options left comes down with them.
    removeOption: assign(({ context }, { index, option }: { index: number; option: number }) =>
      withQuestion(context, index, (q) => {
        const opciones = q.opciones.filter((_, i) => i !== option);
        return { ...q, opciones, maximo: q.maximo === null ? null : Math.min(q.maximo, opciones.length) };
      }),
    ),
    editOption: assign(({ context }, { index, option, value }: { index: number; option: number; value: string }) => ({
      ...withQuestion(context, index, (q) => ({ ...q, opciones: q.opciones.map((o, i) => (i === option ? value : o)) })),
      serverErrors: forgetServer(context, `pregunta.${index}`),
    })),
    moveOption: assign(({ context }, { index, option, to }: { index: number; option: number; to: number }) =>
      withQuestion(context, index, (q) => ({ ...q, opciones: moved(q.opciones, option, to) })),
    ),
    attach: assign(({ context }, { file }: { file: AttachmentUpload }) => ({
      draft: { ...context.draft, adjuntos: [...context.draft.adjuntos, file] },
    })),
    detach: assign(({ context }, { index }: { index: number }) => ({
      draft: { ...context.draft, adjuntos: context.draft.adjuntos.filter((_, i) => i !== index) },
    })),
    dropExisting: assign(({ context }, { id }: { id: number }) => ({ keep: context.keep.filter((k) => k !== id) })),
    touch: assign(({ context }, { field }: { field: DraftField }) => ({ touched: [...context.touched, field] })),
    submitted: assign({ submitted: true }),
    clearFailure: assign({ failure: null }),
    saved: assign((_, { result }: { result: PollSaveResult }) => ({
      saved: result.kind === 'saved' ? result.answer : null,
      failure: null,
    })),
    lostRace: assign((_, { result }: { result: PollSaveResult }) => ({
      conflict: result.kind === 'conflict' ? { message: result.message, answer: result.answer } : null,
    })),
    /** The server's words go on the field it named (or over the form), and everything typed stays. */
    fail: assign(({ context }, { error }: { error: unknown }) => {
      const failure = callFailure(error);
      if (failure.kind !== 'refused' || failure.status !== 400) return { failure };
      return { failure, serverErrors: { ...context.serverErrors, [draftFieldOf(failure.field ?? undefined)]: failure.message } };
    }),
    /** Start again from the poll as it is now (its draft, version and files). */
    startOver: assign(({ context }) => {
      const { poll, borrador } = context.conflict!.answer;
      const existing: ExistingPoll = {
        pollId: poll.PollId,
        version: poll.version,
        borrador: borrador!,
        adjuntos: poll.adjuntos.map((a) => ({ id: a.id, nombre: a.nombre })),
      };
      return { existing, ...startFrom({ home: context.home, existing }) };
    }),
  },
}).createMachine({
  id: 'pollEditor',
  context: ({ input }) => ({ home: input.home, existing: input.existing ?? null, ...startFrom(input) }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        edit: { actions: { type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        chooseSection: {
          guard: { type: 'sectionOffered', params: ({ event }) => ({ sectionId: event.sectionId }) },
          actions: { type: 'chooseSection', params: ({ event }) => ({ sectionId: event.sectionId }) },
        },
        chooseKind: {
          guard: { type: 'otherKind', params: ({ event }) => ({ tipo: event.tipo }) },
          actions: { type: 'chooseKind', params: ({ event }) => ({ tipo: event.tipo }) },
        },
        chooseCounting: {
          guard: { type: 'countingFits', params: ({ event }) => ({ conteo: event.conteo }) },
          actions: { type: 'chooseCounting', params: ({ event }) => ({ conteo: event.conteo }) },
        },
        setSwitch: { actions: { type: 'setSwitch', params: ({ event }) => ({ option: event.option, value: event.value }) } },
        setQuorum: {
          guard: { type: 'quorumInRange', params: ({ event }) => ({ quorum: event.quorum }) },
          actions: { type: 'setQuorum', params: ({ event }) => ({ quorum: event.quorum }) },
        },
        addQuestion: { guard: 'canAddQuestion', actions: 'addQuestion' },
        removeQuestion: {
          guard: { type: 'canRemoveQuestion', params: ({ event }) => ({ index: event.index }) },
          actions: { type: 'removeQuestion', params: ({ event }) => ({ index: event.index }) },
        },
        moveQuestion: {
          guard: { type: 'questionMoves', params: ({ event }) => ({ index: event.index, to: event.to }) },
          actions: { type: 'moveQuestion', params: ({ event }) => ({ index: event.index, to: event.to }) },
        },
        editQuestion: {
          guard: { type: 'questionThere', params: ({ event }) => ({ index: event.index }) },
          actions: { type: 'editQuestion', params: ({ event }) => ({ index: event.index, Texto: event.Texto }) },
        },
        chooseQuestionKind: {
          guard: { type: 'questionKindFits', params: ({ event }) => ({ index: event.index, tipo: event.tipo }) },
          actions: { type: 'chooseQuestionKind', params: ({ event }) => ({ index: event.index, tipo: event.tipo }) },
        },
        setMaximum: {
          guard: { type: 'maximumFits', params: ({ event }) => ({ index: event.index, maximo: event.maximo }) },
          actions: { type: 'setMaximum', params: ({ event }) => ({ index: event.index, maximo: event.maximo }) },
        },
        addOption: {
          guard: { type: 'canAddOption', params: ({ event }) => ({ index: event.index }) },
          actions: { type: 'addOption', params: ({ event }) => ({ index: event.index }) },
        },
        removeOption: {
          guard: { type: 'canRemoveOption', params: ({ event }) => ({ index: event.index, option: event.option }) },
          actions: { type: 'removeOption', params: ({ event }) => ({ index: event.index, option: event.option }) },
        },
        editOption: {
          guard: { type: 'optionThere', params: ({ event }) => ({ index: event.index, option: event.option }) },
          actions: {
            type: 'editOption',
            params: ({ event }) => ({ index: event.index, option: event.option, value: event.value }),
          },
        },
        moveOption: {
          guard: { type: 'optionMoves', params: ({ event }) => ({ index: event.index, option: event.option, to: event.to }) },
          actions: { type: 'moveOption', params: ({ event }) => ({ index: event.index, option: event.option, to: event.to }) },
        },
        attach: { guard: 'canAttach', actions: { type: 'attach', params: ({ event }) => ({ file: event.file }) } },
        detach: {
          guard: { type: 'attached', params: ({ event }) => ({ index: event.index }) },
          actions: { type: 'detach', params: ({ event }) => ({ index: event.index }) },
        },
        dropExisting: {
          guard: { type: 'kept', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'dropExisting', params: ({ event }) => ({ id: event.id }) },
        },
        touch: {
          guard: { type: 'untouched', params: ({ event }) => ({ field: event.field }) },
          actions: { type: 'touch', params: ({ event }) => ({ field: event.field }) },
        },
        submit: { target: 'validating', actions: 'submitted' },
      },
    },
    // Decides at once: every problem stays on the form, or the poll goes.
    validating: {
      always: [{ guard: 'isValid', target: 'saving' }, { target: 'editing' }],
    },
    saving: {
      entry: 'clearFailure',
      invoke: {
        id: 'save',
        src: 'savePoll',
        input: ({ context }) => saveOf(context),
        onDone: [
          {
            guard: { type: 'lostRace', params: ({ event }) => ({ result: event.output }) },
            target: 'conflict',
            actions: { type: 'lostRace', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'saved', actions: { type: 'saved', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Nothing typed is lost: send it again as it is, or go back and change it.
    failed: {
      on: {
        retry: 'saving',
        revise: { target: 'editing', actions: 'clearFailure' },
      },
    },
    // Someone changed the poll first: start again from it while it may still be edited.
    conflict: {
      on: { startOver: { guard: 'editableAgain', target: 'editing', actions: 'startOver' } },
    },
    saved: {},
  },
});
