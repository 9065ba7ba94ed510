// Uploading to the library, model-based: every declared event offered from tests/models, every branch walked against
// a real actor whose call is a controllable promise. Only a sendable draft is sent (a name for a new document, a PDF
// or an image of at most 10 MB), for the document the form was opened for; what is wrong is said.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { documentUploadMachine, uploadProblem } from '../../src/machines/documentUploadMachine';
import { BAD_DRAFTS, documentUploadModel } from '../models/documentUploadMachine.model';
import { DRAFT, RULES_V3 } from '../support/documentsFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof documentUploadMachine>;
const cover = coverModel(documentUploadModel);

describe('documentUploadMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('says what is wrong with a draft', () => {
    for (const [problem, draft] of Object.entries(BAD_DRAFTS)) expect(uploadProblem(draft, false)).toBe(problem);
    expect(uploadProblem(BAD_DRAFTS.name, true)).toBeNull();
    expect(uploadProblem(DRAFT, false)).toBeNull();
    expect(uploadProblem({ ...DRAFT, file: { name: 'foto.webp', type: 'image/webp', size: 5 } }, false)).toBeNull();
  });

  let calls = controllablePromises();
  let actor: Actor<typeof documentUploadMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.saved).toBeNull();
      expect(can({ type: 'submit', draft: DRAFT })).toBe(true);
      if (s.context.problem) expect(s.context.failure).toBeNull();
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['send']);
      const input = calls.inputOf('send') as { documentId: number | null; draft: typeof DRAFT };
      expect(input.documentId).toBe(s.context.documentId);
      expect(uploadProblem(input.draft, input.documentId !== null)).toBeNull();
      expect(can({ type: 'again' })).toBe(false);
    },
    saved: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.saved).toEqual(RULES_V3);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'again' })).toBe(true);
    },
  };

  walkModel(it, cover, documentUploadMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(documentUploadMachine, calls), { input: (input ?? {}) as { documentId?: number } }).start();
    return { actor, calls };
  });
});
