// An administrator's actions on one poll, model-based: every event the machine declares offered from
// tests/models, every branch walked against a real actor whose calls are controllable promises. Each state
// checks that only the answer's `acciones` may start, what each needs before it goes (a reason for rechazar
// and cancelar, a new closing for extender, from the lifecycle table), that the change carries the version
// read, and that a download asks the poll's file and saves it under its name.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { POLL_ACTIONS } from '../../src/api/pollLifecycle';
import { actionNeeds, changeRequest, pollAdminMachine, pollFileName } from '../../src/machines/pollAdminMachine';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import {
  CONFLICT_MESSAGE,
  INPUTS,
  NEW_CLOSING,
  OPEN_AS_ADMIN,
  PROPOSAL,
  pollAdminModel,
  REASON,
  REFUSED,
} from '../models/pollAdminMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof pollAdminMachine>;
const cover = coverModel(pollAdminModel);

describe('pollAdminMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let saved: string[] = [];
  let actor: Actor<typeof pollAdminMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const startable = () => POLL_ACTIONS.filter((action) => can({ type: 'start', action }));
  const pendingChange = () => calls.pending().filter((src) => src === 'changePoll');

  const states: StateChecks<Snap> = {
    act: (s) => expect([OPEN_AS_ADMIN.poll.PollId, PROPOSAL.poll.PollId]).toContain(s.context.answer.poll.PollId),
    'act.idle': (s) => {
      expect(pendingChange()).toEqual([]);
      // Exactly what the answer lists may start.
      expect(startable()).toEqual(POLL_ACTIONS.filter((a) => s.context.answer.acciones.includes(a)));
      expect(s.context.action).toBeNull();
    },
    'act.asking': (s) => {
      expect(pendingChange()).toEqual([]);
      const needs = actionNeeds(s.context.action!);
      const ready = (!needs.reason || s.context.motivo.trim() !== '') && (!needs.closing || s.context.cierra === NEW_CLOSING);
      expect(can({ type: 'confirm' })).toBe(ready);
      expect(startable()).toEqual([]);
    },
    'act.sending': (s) => {
      expect(pendingChange()).toEqual(['changePoll']);
      const action = s.context.action!;
      expect(calls.inputOf('changePoll')).toEqual({
        pollId: s.context.answer.poll.PollId,
        version: s.context.answer.poll.version,
        action,
        ...(action === 'rechazar' || action === 'cancelar' ? { motivo: REASON.trim() } : {}),
        ...(action === 'extender' ? { cierra: NEW_CLOSING } : {}),
      });
      expect(can({ type: 'dismiss' })).toBe(false);
    },
    'act.done': (s) => {
      expect(pendingChange()).toEqual([]);
      expect(s.context.done).not.toBeNull();
      expect(s.context.answer.poll.version).toBe(
        Object.values(INPUTS).find((i) => i.answer.poll.PollId === s.context.answer.poll.PollId)!.answer.poll.version + 1,
      );
    },
    'act.conflict': (s) => {
      expect(pendingChange()).toEqual([]);
      expect(s.context.conflict).toBe(CONFLICT_MESSAGE);
      expect(s.context.answer.poll.cierra).toBe('2026-11-29T05:59:00.000Z');
      expect(startable()).toEqual([]);
    },
    'act.failed': (s) => {
      expect(pendingChange()).toEqual([]);
      expect([callFailure(REFUSED), NETWORK_FAILURE]).toContainEqual(s.context.failure);
      // What was typed is kept for sending again.
      expect(can({ type: 'confirm' })).toBe(true);
    },
    file: (s) => expect(s.context.canExport).toBe(true),
    'file.idle': (s) => {
      expect(calls.pending().filter((src) => src === 'fetchPollFile')).toEqual([]);
      const exportable = s.context.answer.poll.fase === 'abierta' || s.context.answer.poll.fase === 'cerrada';
      expect(can({ type: 'download', file: 'acta' })).toBe(exportable);
      expect(s.context.file).toBeNull();
    },
    'file.downloading': (s) => {
      expect(calls.pending()).toContain('fetchPollFile');
      expect(calls.inputOf('fetchPollFile')).toMatchObject({ file: s.context.file, pollId: s.context.answer.poll.PollId });
      expect(can({ type: 'download', file: 'csv' })).toBe(false);
    },
    'file.failed': (s) => {
      expect(s.context.fileFailure).toEqual(NETWORK_FAILURE);
      expect([can({ type: 'retryDownload' }), can({ type: 'dismissDownload' })]).toEqual([true, true]);
    },
  };

  walkModel(it, cover, pollAdminMachine, states, (input) => {
    calls = controllablePromises();
    saved = [];
    const recording = provideCalls(pollAdminMachine, calls).provide({
      actions: { saveFile: (_, params) => saved.push((params as { name: string }).name) },
    });
    actor = createActor(recording, { input: input as (typeof INPUTS)['open'] }).start();
    return {
      actor,
      calls,
      after: {
        'xstate.done.actor.download': () => {
          expect(saved).toHaveLength(1);
          expect(['votacion-7-resultados.csv', 'votacion-7-acta.pdf']).toContain(saved[0]);
        },
      },
    };
  });
});

describe('pollAdminMachine rules', () => {
  const started = () => createActor(pollAdminMachine, { input: { answer: PROPOSAL, canExport: true } }).start();

  it('asks for a reason where the table says so, and not a blank one', () => {
    expect(POLL_ACTIONS.map((a) => [a, actionNeeds(a)])).toEqual([
      ['publicar', { reason: false, closing: false }],
      ['rechazar', { reason: true, closing: false }],
      ['cerrar', { reason: false, closing: false }],
      ['extender', { reason: false, closing: true }],
      ['cancelar', { reason: true, closing: false }],
    ]);
    const actor = started();
    actor.send({ type: 'start', action: 'rechazar' });
    actor.send({ type: 'editReason', motivo: '   ' });
    expect(actor.getSnapshot().can({ type: 'confirm' })).toBe(false);
  });

  it('offers no action the answer does not list, and no download before opening', () => {
    const actor = started();
    actor.send({ type: 'start', action: 'cerrar' });
    expect(actor.getSnapshot().value).toEqual({ act: 'idle', file: 'idle' });
    expect(actor.getSnapshot().can({ type: 'download', file: 'csv' })).toBe(false);
    const clerk = createActor(pollAdminMachine, { input: { answer: OPEN_AS_ADMIN, canExport: false } }).start();
    expect(clerk.getSnapshot().can({ type: 'download', file: 'csv' })).toBe(false);
  });

  it('takes a new closing only as a wall-clock time', () => {
    const actor = createActor(pollAdminMachine, { input: { answer: OPEN_AS_ADMIN, canExport: true } }).start();
    actor.send({ type: 'start', action: 'extender' });
    actor.send({ type: 'editClosing', cierra: '30/11/2026' });
    expect(actor.getSnapshot().can({ type: 'confirm' })).toBe(false);
    actor.send({ type: 'editClosing', cierra: NEW_CLOSING });
    expect(changeRequest(actor.getSnapshot().context)).toEqual({
      pollId: 7,
      version: 3,
      action: 'extender',
      cierra: NEW_CLOSING,
    });
  });

  it('names the files by poll', () => {
    expect(pollFileName('csv', 7)).toBe('votacion-7-resultados.csv');
    expect(pollFileName('acta', 7)).toBe('votacion-7-acta.pdf');
  });
});
