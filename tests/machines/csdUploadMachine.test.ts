// The CSD upload, model-based: every declared event offered from tests/models, every branch walked against a real
// actor whose upload is a controllable promise. Each state checks what is sent (both files, the password, the
// issuer's version) and that the password never outlives an upload.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { CSD_MAX_BYTES } from '../../src/api/invoicing';
import { csdUploadMachine, readyToUpload } from '../../src/machines/csdUploadMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { CER, csdUploadModel, HUGE_KEY, KEY, PASSWORD, SAVED } from '../models/csdUploadMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof csdUploadMachine>;
const cover = coverModel(csdUploadModel);

describe('csdUploadMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof csdUploadMachine>;
  const now = () => actor.getSnapshot();

  const states: StateChecks<Snap> = {
    choosing: () => {
      expect(calls.pending()).toEqual([]);
      expect(now().can({ type: 'upload' })).toBe(readyToUpload(now().context));
    },
    uploading: () => {
      expect(calls.pending()).toEqual(['upload']);
      const { cer, key, password } = now().context;
      expect(calls.inputOf('upload')).toEqual({ issuerId: 1, version: 1, password, cer, key });
      expect(password).toBe(PASSWORD);
    },
    problem: () => {
      expect(calls.pending()).toEqual([]);
      expect(now().context.problem).toBe('isFiel');
      expect(now().context.password).toBe('');
    },
    failed: () => {
      expect(calls.pending()).toEqual([]);
      expect(now().context.failure).toEqual(NETWORK_FAILURE);
      expect(now().can({ type: 'retry' })).toBe(now().context.password !== '');
    },
    saved: () => {
      expect(now().status).toBe('done');
      expect(now().context.saved).toEqual(SAVED.kind === 'saved' ? SAVED.issuer : null);
      expect(now().context.password).toBe('');
    },
  };

  walkModel(it, cover, csdUploadMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(csdUploadMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});

describe('CSD upload rules', () => {
  it('uploads only both files, none over the limit, with a password', () => {
    expect(readyToUpload({ cer: CER, key: KEY, password: PASSWORD })).toBe(true);
    expect(readyToUpload({ cer: CER, key: KEY, password: '' })).toBe(false);
    expect(readyToUpload({ cer: CER, key: null, password: PASSWORD })).toBe(false);
    expect(HUGE_KEY.size).toBeGreaterThan(CSD_MAX_BYTES);
    expect(readyToUpload({ cer: CER, key: HUGE_KEY, password: PASSWORD })).toBe(false);
  });
});
