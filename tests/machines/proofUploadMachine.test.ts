// Enviar comprobante, model-based: every declared event offered from tests/models, every branch walked against a real
// actor whose call is a controllable promise. A file is refused before it is read when it is not an image or a PDF
// of up to 10 MB; the proof goes only with every field right; a refusal keeps the form to fix; a failure is retried
// with the same clientId (by hand or when the connection is back), so the server answers the first proof.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { draftOf, proofUploadMachine } from '../../src/machines/proofUploadMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { CLIENT_ID, modelUploadMachine, proofUploadModel } from '../models/proofUploadMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { CHOSEN_PNG, PROOF_TODAY, READY_FIELDS, REVIEWER_OPTIONS, TOO_BIG } from '../support/proofsFixtures';

type Snap = Snapshot<typeof proofUploadMachine>;
const cover = coverModel(proofUploadModel);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('proofUploadMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('sends only a complete proof, as the contract carries it, and retries with the same clientId', async () => {
    const calls = controllablePromises();
    const live = createActor(provideCalls(proofUploadMachine, calls)).start();
    live.send({ type: 'open', dwellings: REVIEWER_OPTIONS.dwellings, today: PROOF_TODAY, apartmentId: 999 });
    // A dwelling not offered is not chosen; the day paid starts as today.
    expect(live.getSnapshot().context.fields).toMatchObject({ apartmentId: null, paidOn: PROOF_TODAY });
    live.send({ type: 'choose', file: TOO_BIG });
    expect(live.getSnapshot().value).toBe('choosing');
    expect(live.getSnapshot().context.fileRefused).toBe(true);
    live.send({ type: 'choose', file: CHOSEN_PNG });
    expect(live.getSnapshot().value).toBe('details');
    expect(live.getSnapshot().can({ type: 'submit' })).toBe(false);
    live.send({ type: 'edit', fields: { ...READY_FIELDS, paidOn: '2026-11-21' } });
    expect(live.getSnapshot().can({ type: 'submit' })).toBe(false);
    live.send({ type: 'edit', fields: { ...READY_FIELDS, amount: '0' } });
    expect(live.getSnapshot().can({ type: 'submit' })).toBe(false);
    live.send({ type: 'edit', fields: READY_FIELDS });
    live.send({ type: 'submit' });
    const sent = calls.inputOf('sendProof') as ReturnType<typeof draftOf>;
    expect(sent).toMatchObject({ apartmentId: 57, amountCents: 185_000, bank: 'BBVA', file: { name: 'spei.png' } });
    expect(sent.clientId).toMatch(UUID);
    calls.reject('sendProof', new Error('offline'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(live.getSnapshot().value).toBe('failed');
    live.send({ type: 'online' });
    expect((calls.inputOf('sendProof') as { clientId: string }).clientId).toBe(sent.clientId);
    live.stop();
  });

  let calls = controllablePromises();
  let actor: Actor<typeof modelUploadMachine>;
  const idle = () => expect(calls.pending()).toEqual([]);
  const states: StateChecks<Snap> = {
    closed: (s) => {
      idle();
      expect(s.context.file).toBeNull();
      expect(s.context.clientId).toBe('');
    },
    choosing: (s) => {
      idle();
      expect(s.context.clientId).toBe(CLIENT_ID);
      expect(s.context.proof).toBeNull();
    },
    details: (s) => {
      idle();
      expect(s.context.file).toEqual(CHOSEN_PNG);
      expect(s.context.failure).toBeNull();
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['sendProof']);
      expect(calls.inputOf('sendProof')).toEqual(draftOf(s.context));
    },
    sent: (s) => {
      idle();
      expect(s.context.proof?.duplicate).toBe(true);
    },
    refused: (s) => {
      idle();
      expect(s.context.failure).toMatchObject({ kind: 'refused', status: 400, field: 'paidOn' });
    },
    failed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.can({ type: 'online' })).toBe(true);
    },
  };

  walkModel(it, cover, modelUploadMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(modelUploadMachine, calls)).start();
    return { actor, calls };
  });
});
