// Writing a poll, model-based: every event the machine declares offered from tests/models, every branch walked
// against a real actor whose save call is a controllable promise. Each state is checked: sending is always
// offered and shows the problems once tried; only a draft without problems is sent, trimmed, as a new poll or
// as the edit of the version read with the files kept; a failure keeps everything and names the field; a lost
// race may start over from the poll as it is now. Plus the rules: what a kind brings, the limits of questions
// and options, the opening judged against now only when it is new or changed, the server's fields mapped.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { POLL_MAX_QUESTIONS, POLL_MESSAGES, type PollDraft } from '../../src/api/polls';
import { blankDraft, draftFieldOf, draftProblems, nextFullHour, sentDraft } from '../../src/machines/pollDraft';
import { type PollEditorInput, pollEditorMachine, problemsOf, saveOf, shownProblems } from '../../src/machines/pollEditorMachine';
import { callFailure, NETWORK_FAILURE, refusalMessage } from '../../src/machines/shared/callFailure';
import {
  ADMIN,
  CONFLICT_MESSAGE,
  EDITOR,
  EXISTING_DRAFT,
  FRESH,
  OPENING_PASSED,
  PROPOSER,
  pollEditorModel,
} from '../models/pollEditorMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { NOW_LOCAL, SECTION } from '../support/pollFixtures';

type Snap = Snapshot<typeof pollEditorMachine>;
const cover = coverModel(pollEditorModel);

describe('pollEditorMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof pollEditorMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const valid = (s: Snap) => Object.keys(problemsOf(s.context)).length === 0;

  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'submit' })).toBe(true);
      expect(s.context.failure).toBeNull();
      // Problems show for the touched fields, all of them once sending was tried; an invalid send stays here.
      const shown = Object.keys(shownProblems(s.context));
      if (s.context.submitted) expect(shown).toEqual(Object.keys(problemsOf(s.context)));
      else expect(shown.every((field) => s.context.touched.includes(field as never))).toBe(true);
      // Proposers write encuestas only.
      if (!s.context.home.canCreate)
        expect([s.context.draft.tipo, can({ type: 'chooseKind', tipo: 'votacion' })]).toEqual(['encuesta', false]);
    },
    validating: () => {
      throw new Error('validating is transient and must never be observed');
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['savePoll']);
      expect(valid(s)).toBe(true);
      const save = calls.inputOf('savePoll');
      expect(save).toEqual(saveOf(s.context));
      const sent = save as ReturnType<typeof saveOf>;
      const draft = sent.mode === 'create' ? sent.draft : sent.request;
      // Trimmed, and counting as its kind says.
      expect(draft.Titulo).toBe(draft.Titulo.trim());
      expect(draft.conteo === 'persona').toBe(draft.tipo === 'encuesta');
      if (sent.mode === 'update') {
        expect(sent.request).toMatchObject({
          pollId: 7,
          version: s.context.existing!.version,
          conservarAdjuntos: s.context.keep,
        });
      } else expect(s.context.existing).toBeNull();
      expect(can({ type: 'edit', field: 'Titulo', value: 'x' })).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect([callFailure(OPENING_PASSED), NETWORK_FAILURE]).toContainEqual(s.context.failure);
      // The server's word on the field it named.
      if (refusalMessage(s.context.failure) === OPENING_PASSED.message)
        expect(s.context.serverErrors.abre).toBe(OPENING_PASSED.message);
      expect([can({ type: 'retry' }), can({ type: 'revise' }), can({ type: 'submit' })]).toEqual([true, true, false]);
    },
    conflict: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.conflict).toEqual({ message: CONFLICT_MESSAGE, answer: FRESH });
      expect(can({ type: 'startOver' })).toBe(true);
    },
    saved: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.saved?.estado).toBe(s.context.home.canCreate ? 'publicada' : 'propuesta');
      expect(can({ type: 'submit' })).toBe(false);
    },
  };

  walkModel(it, cover, pollEditorMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(pollEditorMachine, calls), { input: input as typeof ADMIN }).start();
    return {
      actor,
      calls,
      after: {
        // A kind brings its counting.
        chooseKind: () => {
          const { tipo, conteo } = actor.getSnapshot().context.draft;
          expect(conteo).toBe(tipo === 'encuesta' ? 'persona' : 'indiviso');
        },
        // Starting over takes the poll as it is now: its draft and version.
        startOver: () =>
          expect(actor.getSnapshot().context).toMatchObject({
            existing: { pollId: 7, version: 4 },
            draft: { Titulo: 'Impermeabilización de azoteas 2027' },
            submitted: false,
            conflict: null,
          }),
        // Changing the field the server named forgets its word.
        edit: (step) => {
          const { field } = step.event as { field?: string };
          if (field === 'abre') expect(actor.getSnapshot().context.serverErrors.abre).toBeUndefined();
        },
      },
    };
  });
});

describe('pollEditorMachine rules', () => {
  const fresh = (input: PollEditorInput = ADMIN) => createActor(pollEditorMachine, { input }).start();

  it('starts a votación for administrators and an encuesta for proposers, at the next full hour, for a week', () => {
    expect(nextFullHour(NOW_LOCAL)).toBe('2026-11-21T13:00');
    expect(nextFullHour('2026-12-31T23:10')).toBe('2027-01-01T00:00');
    expect(fresh().getSnapshot().context.draft).toMatchObject({
      tipo: 'votacion',
      conteo: 'indiviso',
      secreta: true,
      abre: '2026-11-21T13:00',
      cierra: '2026-11-28T13:00',
      preguntas: [{ tipo: 'sino', opciones: [] }],
    });
    expect(fresh(PROPOSER).getSnapshot().context.draft).toMatchObject({
      sectionId: SECTION.SectId,
      tipo: 'encuesta',
      conteo: 'persona',
      secreta: false,
      preguntas: [{ tipo: 'unica', opciones: ['', ''] }],
    });
  });

  it('counts a votación per dwelling or by indiviso, never per person; an encuesta only per person', () => {
    const actor = fresh();
    expect(actor.getSnapshot().can({ type: 'chooseCounting', conteo: 'persona' })).toBe(false);
    actor.send({ type: 'chooseKind', tipo: 'encuesta' });
    expect(actor.getSnapshot().can({ type: 'chooseCounting', conteo: 'vivienda' })).toBe(false);
  });

  it('keeps free text to encuestas, between 1 and 20 questions, and at least two options', () => {
    const actor = fresh();
    expect(actor.getSnapshot().can({ type: 'chooseQuestionKind', index: 0, tipo: 'abierta' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'removeQuestion', index: 0 })).toBe(false);
    for (let i = 0; i < POLL_MAX_QUESTIONS + 2; i++) actor.send({ type: 'addQuestion' });
    expect(actor.getSnapshot().context.draft.preguntas).toHaveLength(POLL_MAX_QUESTIONS);
    actor.send({ type: 'chooseQuestionKind', index: 0, tipo: 'multiple' });
    expect(actor.getSnapshot().can({ type: 'removeOption', index: 0, option: 0 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'setMaximum', index: 0, maximo: 3 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'setQuorum', quorum: 101 })).toBe(false);
  });

  it('shows no problem before a field is touched or sending is tried', () => {
    const actor = fresh();
    expect(shownProblems(actor.getSnapshot().context)).toEqual({});
    actor.send({ type: 'touch', field: 'Titulo' });
    expect(shownProblems(actor.getSnapshot().context)).toEqual({ Titulo: POLL_MESSAGES.required });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(shownProblems(actor.getSnapshot().context)).toEqual({
      Titulo: POLL_MESSAGES.required,
      'pregunta.0': POLL_MESSAGES.required,
    });
  });

  it('judges the opening against now for a new poll or a changed opening only', () => {
    const past: PollDraft = { ...EXISTING_DRAFT, abre: '2026-11-20T09:00', cierra: '2026-11-27T23:59' };
    expect(draftProblems(past, NOW_LOCAL)).toEqual({ abre: POLL_MESSAGES.openingInPast });
    const editing = fresh({ ...EDITOR, existing: { ...EDITOR.existing, borrador: past } });
    expect(problemsOf(editing.getSnapshot().context)).toEqual({});
    editing.send({ type: 'edit', field: 'abre', value: '2026-11-20T10:00' });
    expect(problemsOf(editing.getSnapshot().context)).toEqual({ abre: POLL_MESSAGES.openingInPast });
  });

  it('sends sí / no and free-text questions without options, and texts trimmed', () => {
    const draft = blankDraft(ADMIN.home, SECTION.SectId, 'votacion');
    const sent = sentDraft({
      ...draft,
      Titulo: '  Cuota  ',
      preguntas: [{ Texto: ' ¿Sí? ', tipo: 'sino', opciones: ['x'], maximo: 3 }],
    });
    expect(sent.Titulo).toBe('Cuota');
    expect(sent.preguntas).toEqual([{ Texto: '¿Sí?', tipo: 'sino', opciones: [], maximo: null }]);
  });

  it('puts the server’s word on the field it names', () => {
    expect(['Titulo', 'cierra', 'preguntas.3.opciones', 'quorum', undefined].map(draftFieldOf)).toEqual([
      'Titulo',
      'cierra',
      'pregunta.3',
      'form',
      'form',
    ]);
  });
});
