// Voting in one poll, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose calls are controllable promises and whose 15-second reading again runs on
// a simulated clock (checked to take exactly POLL_REFRESH_MS). Each state checks what the seat may do against
// the lifecycle's voteRefusal, written out here by hand for the fixtures (phase, arrears, a vote already cast,
// whether votes may change); the vote carries the seat and the answers chosen; a refusal shows the poll as the
// server sent it. Plus the rules of choosing: one option, up to `maximo`, every question answered.

import { validate } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  POLL_FREE_TEXT_MAX,
  POLL_REFRESH_MS,
  PollAnswer,
  PollsHomeAnswer,
  VoteAnswer,
  type VoteRequest,
} from '../../src/api/polls';
import { choicesComplete, seatOf, voteRespuestas } from '../../src/machines/pollVote';
import { pollVoteMachine, voteRequest } from '../../src/machines/pollVoteMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { COMMENT, CONFLICT_MESSAGE, FIRST_READS, INPUT, pollVoteModel, REFUSED_POLLS } from '../models/pollVoteMachine.model';
import { coverModel, invokedActors, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';
import {
  ADMIN_HOME,
  APPROVE,
  afterVote,
  CAST,
  COMMENTS,
  HOURS,
  OPEN,
  POLL_ID,
  READ_AT,
  RECEIPT,
  SUPPLIERS,
  SURVEY,
  VOTED_CHANGEABLE,
  voteAnswer,
} from '../support/pollFixtures';

type Snap = Snapshot<typeof pollVoteMachine>;
const cover = coverModel(pollVoteModel);
const DELAYED = ['notAllowed', 'choosing', 'voted'].map((state) => `xstate.after.refreshEvery.pollVote.${state}`);

/** The rule for the fixtures, written out: why the chosen seat may not vote, or null. */
function expectedRefusal(answer: PollAnswer, apmtId: number | null, at: number): string | null {
  const { poll } = answer;
  if (poll.estado === 'propuesta' || (poll.estado === 'publicada' && at < Date.parse(poll.abre))) return 'no_abierta';
  if (poll.estado !== 'publicada' || at >= Date.parse(poll.cierra)) return 'cerrada';
  const seat = apmtId === null ? answer.asientos[0] : answer.asientos.find((s) => s.ApmtId === apmtId);
  if (!seat || seat.estado === 'no_elegible') return 'no_elegible';
  if (seat.estado === 'moroso') return 'moroso';
  if (seat.estado === 'votado' && !poll.cambiable) return 'ya_voto';
  return null;
}

describe('pollVoteMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let clock = new SimulatedClock();
  let actor: Actor<typeof pollVoteMachine>;
  const snapshot = () => actor.getSnapshot();
  const can = (event: Parameters<Snap['can']>[0]) => snapshot().can(event);
  const refusal = (s: Snap) => expectedRefusal(s.context.answer!, s.context.apmtId, s.context.at);
  /** The 15-second reading again is under way exactly while the context says so. */
  const reading = (s: Snap) => expect(calls.pending()).toEqual(s.context.refreshing ? ['loadPoll'] : []);
  const notAllowedAs = (s: Snap, motivo: string) => {
    reading(s);
    // A vote just refused says why in the server's words; otherwise the rule says it.
    if (s.context.refused?.motivo) expect(s.context.refused).toEqual({ motivo, message: CONFLICT_MESSAGE });
    else expect(refusal(s)).toBe(motivo);
    expect([can({ type: 'review' }), can({ type: 'confirm' }), can({ type: 'changeVote' })]).toEqual([false, false, false]);
  };

  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['loadPoll']);
      expect(calls.inputOf('loadPoll')).toEqual({ pollId: POLL_ID });
      expect(snapshot().context.failure).toBeNull();
    },
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    notFound: () => {
      expect(calls.pending()).toEqual([]);
      expect([can({ type: 'retry' }), can({ type: 'refreshNow' })]).toEqual([false, false]);
    },
    deciding: () => {
      throw new Error('deciding is transient and must never be observed');
    },
    notAllowed: (s) => {
      expect(s.context.answer).not.toBeNull();
      expect(can({ type: 'select', preguntaId: APPROVE.id, opcionId: 711 })).toBe(false);
    },
    'notAllowed.closed': (s) => notAllowedAs(s, 'cerrada'),
    'notAllowed.notYetOpen': (s) => notAllowedAs(s, 'no_abierta'),
    'notAllowed.inArrears': (s) => {
      notAllowedAs(s, 'moroso');
      // The amount and age of the debt are there to show.
      expect(seatOf(s.context.answer!, s.context.apmtId)).toMatchObject({
        estado: 'moroso',
        adeudo: expect.any(Number),
        dias: expect.any(Number),
      });
    },
    'notAllowed.alreadyVoted': (s) => {
      notAllowedAs(s, 'ya_voto');
      expect(s.context.confirmation).toBeNull();
    },
    'notAllowed.notEligible': (s) => notAllowedAs(s, 'no_elegible'),
    choosing: (s) => {
      reading(s);
      expect(refusal(s)).toBeNull();
      expect(can({ type: 'review' })).toBe(choicesComplete(s.context.answer!, s.context.choices));
      expect(can({ type: 'keepVote' })).toBe(s.context.changing);
      expect([can({ type: 'confirm' }), can({ type: 'changeVote' })]).toEqual([false, false]);
    },
    reviewing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(choicesComplete(s.context.answer!, s.context.choices)).toBe(true);
      expect([can({ type: 'confirm' }), can({ type: 'back' })]).toEqual([true, true]);
      expect(can({ type: 'select', preguntaId: APPROVE.id, opcionId: 712 })).toBe(false);
      expect(s.context.refreshing).toBe(false);
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['castVote']);
      const request = calls.inputOf('castVote') as VoteRequest;
      expect(request).toEqual(voteRequest(s.context));
      // The seat voting, with every choice question answered.
      expect(request.ApmtId).toBe(s.context.answer!.poll.tipo === 'votacion' ? 101 : null);
      const asked = s.context.answer!.poll.preguntas.filter((q) => q.tipo !== 'abierta').map((q) => q.id);
      expect(request.respuestas.filter((r) => asked.includes(r.preguntaId)).map((r) => r.preguntaId)).toEqual(asked);
      if (s.context.answer!.poll.PollId === POLL_ID) expect(request.respuestas).toEqual(CAST);
      else
        expect(request.respuestas).toEqual([
          { preguntaId: HOURS.id, opciones: [812] },
          { preguntaId: COMMENTS.id, opciones: [], texto: COMMENT.trim() },
        ]);
      expect(s.context.failure).toBeNull();
    },
    sendFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      // The choices are kept for sending again.
      expect(voteRespuestas(s.context.answer!, s.context.choices)).toEqual(CAST);
      expect([can({ type: 'retry' }), can({ type: 'confirm' })]).toEqual([true, false]);
    },
    voted: (s) => {
      reading(s);
      const seat = seatOf(s.context.answer!, s.context.apmtId)!;
      expect(seat.estado).toBe('votado');
      expect(seat.recibo).toEqual(expect.any(String));
      if (s.context.confirmation) expect(s.context.confirmation.recibo).toBe(RECEIPT);
      // Changing is offered exactly where votes may change.
      expect(can({ type: 'changeVote' })).toBe(refusal(s) === null);
      expect(s.context.choices).toEqual({});
    },
  };

  walkModel(it, cover, pollVoteMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(pollVoteMachine, calls), { input: INPUT, clock }).start();
    // The reading again every 15 s runs exactly POLL_REFRESH_MS after the screen was shown, not a millisecond before.
    const refreshAfter = async () => {
      clock.increment(POLL_REFRESH_MS - 1);
      expect(calls.pending()).toEqual([]);
      clock.increment(1);
      await settle();
    };
    return {
      actor,
      calls,
      invoked: { ...invokedActors(pollVoteMachine), refresh: 'loadPoll' },
      special: Object.fromEntries(DELAYED.map((type) => [type, refreshAfter])),
      after: {
        changeVote: () =>
          expect(snapshot().context.choices).toEqual({
            [APPROVE.id]: { opciones: [711], texto: '' },
            [SUPPLIERS.id]: { opciones: [721, 722], texto: '' },
          }),
        'xstate.done.actor.vote': () => {
          if (snapshot().matches('voted')) expect(snapshot().context.confirmation?.recibo).toBe(RECEIPT);
          else expect(snapshot().context.refused?.message).toBe(CONFLICT_MESSAGE);
        },
      },
    };
  });
});

describe('pollVoteMachine rules', () => {
  const opened = async (answer: PollAnswer, ApmtId: number | null = null) => {
    const actor = createActor(
      pollVoteMachine.provide({ actors: { loadPoll: fromPromise(async () => ({ answer, at: READ_AT })) } }),
      { input: { pollId: answer.poll.PollId, ApmtId } },
    ).start();
    await settle();
    return actor;
  };

  it('takes one option of a single choice, and up to maximo of a multiple one', async () => {
    const actor = await opened(OPEN);
    actor.send({ type: 'select', preguntaId: APPROVE.id, opcionId: 711 });
    actor.send({ type: 'select', preguntaId: APPROVE.id, opcionId: 712 });
    expect(actor.getSnapshot().context.choices[APPROVE.id]!.opciones).toEqual([712]);
    // An option of another question, or a toggle on a single choice, changes nothing.
    actor.send({ type: 'select', preguntaId: APPROVE.id, opcionId: 721 });
    actor.send({ type: 'toggle', preguntaId: APPROVE.id, opcionId: 711 });
    expect(actor.getSnapshot().context.choices[APPROVE.id]!.opciones).toEqual([712]);
    for (const opcion of SUPPLIERS.opciones) actor.send({ type: 'toggle', preguntaId: SUPPLIERS.id, opcionId: opcion.id });
    expect(actor.getSnapshot().context.choices[SUPPLIERS.id]!.opciones).toEqual([721, 722]);
    expect(actor.getSnapshot().can({ type: 'toggle', preguntaId: SUPPLIERS.id, opcionId: 723 })).toBe(false);
    actor.send({ type: 'toggle', preguntaId: SUPPLIERS.id, opcionId: 721 });
    actor.send({ type: 'toggle', preguntaId: SUPPLIERS.id, opcionId: 723 });
    expect(actor.getSnapshot().context.choices[SUPPLIERS.id]!.opciones).toEqual([722, 723]);
  });

  it('reviews only once every choice question is answered; free text may stay blank', async () => {
    const actor = await opened(OPEN);
    actor.send({ type: 'select', preguntaId: APPROVE.id, opcionId: 711 });
    expect(actor.getSnapshot().can({ type: 'review' })).toBe(false);
    actor.send({ type: 'toggle', preguntaId: SUPPLIERS.id, opcionId: 723 });
    actor.send({ type: 'review' });
    expect(actor.getSnapshot().value).toBe('reviewing');
    const survey = await opened(SURVEY);
    survey.send({ type: 'write', preguntaId: COMMENTS.id, texto: '   ' });
    expect(survey.getSnapshot().can({ type: 'review' })).toBe(false);
    survey.send({ type: 'select', preguntaId: HOURS.id, opcionId: 811 });
    expect(survey.getSnapshot().can({ type: 'review' })).toBe(true);
    expect(voteRespuestas(SURVEY, survey.getSnapshot().context.choices)).toEqual([{ preguntaId: HOURS.id, opciones: [811] }]);
    expect(survey.getSnapshot().can({ type: 'write', preguntaId: COMMENTS.id, texto: 'x'.repeat(POLL_FREE_TEXT_MAX + 1) })).toBe(
      false,
    );
  });

  it('opens the dwelling asked for, and the first seat when none is', async () => {
    expect((await opened(OPEN, 102)).getSnapshot().value).toEqual({ notAllowed: 'inArrears' });
    expect((await opened(OPEN)).getSnapshot().value).toBe('choosing');
    const other = await opened(OPEN);
    expect(other.getSnapshot().can({ type: 'chooseSeat', ApmtId: 101 })).toBe(false);
    expect(other.getSnapshot().can({ type: 'chooseSeat', ApmtId: 999 })).toBe(false);
  });

  it('changes a vote starting from what the seat chose, where votes may change', async () => {
    const actor = await opened(VOTED_CHANGEABLE);
    expect(actor.getSnapshot().value).toBe('voted');
    actor.send({ type: 'changeVote' });
    expect(voteRespuestas(VOTED_CHANGEABLE, actor.getSnapshot().context.choices)).toEqual(CAST);
    expect((await opened(FIRST_READS.votedByRosa!)).getSnapshot().can({ type: 'changeVote' })).toBe(false);
  });

  it('judges the closing at the moment the poll was read', async () => {
    const closing = { ...OPEN, poll: { ...OPEN.poll, cierra: new Date(READ_AT).toISOString() } };
    expect((await opened(closing)).getSnapshot().value).toEqual({ notAllowed: 'closed' });
    const oneMinuteLeft = { ...OPEN, poll: { ...OPEN.poll, cierra: new Date(READ_AT + 60_000).toISOString() } };
    expect((await opened(oneMinuteLeft)).getSnapshot().value).toBe('choosing');
    expect(REFUSED_POLLS.cerrada.poll.estado).toBe('cerrada');
  });
});

describe('the poll fixtures', () => {
  it('are answers the contract accepts', () => {
    for (const [name, read] of Object.entries({ ...FIRST_READS, ...REFUSED_POLLS })) {
      const [error] = validate(read, PollAnswer);
      expect(error?.message, name).toBeUndefined();
    }
    expect(validate(voteAnswer(afterVote(OPEN, 101, CAST)), VoteAnswer)[0]).toBeUndefined();
    expect(validate(ADMIN_HOME, PollsHomeAnswer)[0]).toBeUndefined();
  });
});
