// One request to the administrator, model-based: every event the machine declares offered from tests/models,
// every branch walked against a real actor whose calls are controllable promises and whose periodic refresh
// runs on a simulated clock (checked to take exactly TICKET_REFRESH_MS; the live channel's `refresh` asks at once). In every state the lifecycle actions
// offered are checked against the table written out here by hand (by role, state and days since the
// resolution), so the machine offers what the table lists and nothing else; each call carries the version
// read; a lost race shows the fresh request and the server's words. Plus the rules around it.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise, SimulatedClock } from 'xstate';
import { TICKET_ACTIONS, type TicketAction } from '../../src/api/ticketLifecycle';
import { TICKET_MAX_ATTACHMENTS, TICKET_REFRESH_MS, type TicketAnswer } from '../../src/api/tickets';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { offeredActions, pendingUpdate, type TicketChanged, ticketDetailMachine } from '../../src/machines/ticketDetailMachine';
import {
  ADMIN_NEW,
  ASSIGNEE_WORKING,
  COMMENT,
  CONFLICT_MESSAGE,
  EMILIO,
  NEW_DUE,
  PHOTO,
  READ_AT,
  REFUSED,
  REPLY,
  REQUESTER_LATE,
  REQUESTER_RESOLVED,
  STARS,
  TICKET_ID,
  ticketDetailModel,
} from '../models/ticketDetailMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof ticketDetailMachine>;
const cover = coverModel(ticketDetailModel);
const REFRESH = 'xstate.after.refreshEvery.ticketDetail.shown.viewing';
const DAY = 24 * 60 * 60 * 1000;

/** Issue 13's lifecycle for one role, written out: what each may do from each state. */
function expectedOffer(answer: TicketAnswer, at: number): TicketAction[] {
  const { Estado, FechaResuelta } = answer.ticket;
  const role = answer.abilities.roles[0];
  const withinSevenDays = FechaResuelta !== null && at - Date.parse(FechaResuelta) <= 7 * DAY;
  const table: Record<string, Record<string, TicketAction[]>> = {
    admin: {
      nuevo: ['asignar', 'cancelar'],
      asignado: ['iniciar', 'resolver', 'cancelar'],
      en_proceso: ['esperar', 'resolver'],
      en_espera: ['iniciar', 'resolver'],
      resuelto: ['cerrar'],
    },
    assignee: { asignado: ['iniciar', 'resolver'], en_proceso: ['esperar', 'resolver'], en_espera: ['iniciar', 'resolver'] },
    requester: { nuevo: ['cancelar'], asignado: ['cancelar'], resuelto: withinSevenDays ? ['confirmar', 'reabrir'] : [] },
  };
  return table[role!]?.[Estado] ?? [];
}

describe('ticketDetailMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let clock = new SimulatedClock();
  let actor: Actor<typeof ticketDetailMachine>;
  const snapshot = () => actor.getSnapshot();
  const can = (event: Parameters<Snap['can']>[0]) => snapshot().can(event);
  /** The actions the machine lets the member send now, by asking it each. */
  const sendable = () => TICKET_ACTIONS.filter((action) => can({ type: action }));

  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['loadTicket']);
      expect(calls.inputOf('loadTicket')).toEqual({ ticketId: TICKET_ID, withAssignees: true });
      expect(sendable()).toEqual([]);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    notFound: () => {
      expect(calls.pending()).toEqual([]);
      expect(sendable()).toEqual([]);
      expect([can({ type: 'retry' }), can({ type: 'reply' })]).toEqual([false, false]);
    },
    shown: (s) => {
      const answer = s.context.answer!;
      expect(answer.ticket.TicketId).toBe(TICKET_ID);
      // The buttons shown are exactly the lifecycle's for the member's role, state and the days passed.
      expect(offeredActions(s.context)).toEqual(expectedOffer(answer, s.context.at));
      // Administrators know whom to assign to from the first read.
      expect(s.context.assignees).toEqual(answer.abilities.canUpdate ? [EMILIO] : null);
    },
    'shown.viewing': (s) => {
      expect(calls.pending()).toEqual([]);
      // Sendable: what is offered, asignar only once an employee is chosen.
      const offered = expectedOffer(s.context.answer!, s.context.at);
      expect(sendable()).toEqual(offered.filter((a) => a !== 'asignar' || s.context.assignTo === EMILIO.UserId));
      expect(can({ type: 'reply' })).toBe(s.context.reply.trim() !== '' && s.context.answer!.abilities.canReply);
      expect(can({ type: 'update' })).toBe(Object.keys(pendingUpdate(s.context)).length > 0);
      expect(can({ type: 'rate' })).toBe(s.context.stars > 0 && s.context.answer!.abilities.canRate);
      expect(can({ type: 'dismiss' })).toBe(false);
      expect(s.context.conflict).toBeNull();
    },
    'shown.refreshing': (s) => {
      expect(calls.pending()).toEqual(['loadTicket']);
      // The employees are asked only once.
      expect(calls.inputOf('loadTicket')).toEqual({ ticketId: TICKET_ID, withAssignees: s.context.assignees === null });
      expect(sendable()).toEqual([]);
    },
    'shown.changing': (s) => {
      expect(calls.pending()).toEqual(['changeTicket']);
      const action = s.context.acting!;
      expect(expectedOffer(s.context.answer!, s.context.at)).toContain(action);
      expect(calls.inputOf('changeTicket')).toEqual({
        ticketId: TICKET_ID,
        version: s.context.answer!.ticket.version,
        action,
        ...(action === 'asignar' ? { asignadoId: EMILIO.UserId } : {}),
      });
      expect(s.context).toMatchObject({ failure: null, conflict: null, notice: null });
      expect(sendable()).toEqual([]);
    },
    'shown.replying': (s) => {
      expect(calls.pending()).toEqual(['replyToTicket']);
      expect(calls.inputOf('replyToTicket')).toEqual({
        ticketId: TICKET_ID,
        Texto: REPLY.trim(),
        interna: s.context.internal,
        adjuntos: s.context.replyFiles,
      });
      expect([[], [PHOTO]]).toContainEqual(s.context.replyFiles);
      // An internal note only from those who may write one.
      if (s.context.internal) expect(s.context.answer!.abilities.canWriteInternalNote).toBe(true);
      expect(sendable()).toEqual([]);
    },
    'shown.updating': (s) => {
      expect(calls.pending()).toEqual(['updateTicket']);
      expect(calls.inputOf('updateTicket')).toEqual({
        ticketId: TICKET_ID,
        version: s.context.answer!.ticket.version,
        ...s.context.update,
      });
      expect(s.context.answer!.abilities.canUpdate).toBe(true);
    },
    'shown.rating': (s) => {
      expect(calls.pending()).toEqual(['rateTicket']);
      expect(calls.inputOf('rateTicket')).toEqual({
        ticketId: TICKET_ID,
        estrellas: STARS,
        ...(s.context.comment ? { comentario: COMMENT } : {}),
      });
    },
    'shown.conflict': (s) => {
      expect(calls.pending()).toEqual([]);
      // The request on screen is the fresh one the server sent, with its words.
      expect(s.context.conflict).toBe(CONFLICT_MESSAGE);
      expect(s.context.answer!.ticket.Prioridad).toBe('urgente');
      expect([can({ type: 'dismiss' }), ...sendable()]).toEqual([true]);
    },
  };

  walkModel(it, cover, ticketDetailMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(ticketDetailMachine, calls), { input: { ticketId: TICKET_ID }, clock }).start();
    return {
      actor,
      calls,
      special: {
        // Read again exactly TICKET_REFRESH_MS after the request was last shown, not a millisecond before.
        [REFRESH]: () => {
          clock.increment(TICKET_REFRESH_MS - 1);
          expect(snapshot().matches({ shown: 'viewing' })).toBe(true);
          clock.increment(1);
        },
      },
      after: {
        // A change that went through says so and clears what it sent.
        'xstate.done.actor.reply': (step) => {
          const output = (step.event as unknown as { output: TicketChanged }).output;
          const note = output.answer.timeline.at(-1)?.tipo === 'nota';
          if (snapshot().matches({ shown: 'viewing' }))
            expect(snapshot().context).toMatchObject({
              notice: note ? 'noted' : 'replied',
              reply: '',
              internal: false,
              replyFiles: [],
            });
        },
        'xstate.done.actor.update': () => {
          if (snapshot().matches({ shown: 'viewing' }))
            expect(snapshot().context).toMatchObject({ notice: 'updated', update: {} });
        },
        'xstate.done.actor.rate': () => {
          if (snapshot().matches({ shown: 'viewing' }))
            expect(snapshot().context).toMatchObject({ notice: 'rated', stars: 0, comment: '' });
        },
        // A failure says why and keeps the drafts.
        'xstate.error.actor.change': () =>
          expect([callFailure(REFUSED), NETWORK_FAILURE]).toContainEqual(snapshot().context.failure),
        'xstate.error.actor.reply': () => expect(snapshot().context).toMatchObject({ failure: NETWORK_FAILURE, reply: REPLY }),
        'xstate.error.actor.rate': () => expect(snapshot().context).toMatchObject({ failure: NETWORK_FAILURE, stars: STARS }),
        dismiss: () => expect(snapshot().context.conflict).toBeNull(),
      },
    };
  });
});

describe('ticketDetailMachine rules', () => {
  const opened = (answer: TicketAnswer, at = READ_AT, assignees: { UserId: number; UserName: string }[] | null = null) =>
    createActor(ticketDetailMachine.provide({ actors: { loadTicket: fromPromise(async () => ({ answer, assignees, at })) } }), {
      input: { ticketId: TICKET_ID },
    }).start();
  const shown = async (actor: ReturnType<typeof opened>) => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    return actor;
  };

  it('lets the requester answer a resolution for 7 days only', async () => {
    const within = await shown(opened(REQUESTER_RESOLVED));
    expect(offeredActions(within.getSnapshot().context)).toEqual(['confirmar', 'reabrir']);
    const late = await shown(opened(REQUESTER_LATE));
    expect(offeredActions(late.getSnapshot().context)).toEqual([]);
    expect(late.getSnapshot().can({ type: 'confirmar' })).toBe(false);
    // Exactly at 7 days it still may; a moment later, not.
    const resolvedAt = Date.parse(REQUESTER_RESOLVED.ticket.FechaResuelta!);
    const edge = await shown(opened(REQUESTER_RESOLVED, resolvedAt + 7 * DAY));
    expect(edge.getSnapshot().can({ type: 'reabrir' })).toBe(true);
    const past = await shown(opened(REQUESTER_RESOLVED, resolvedAt + 7 * DAY + 1));
    expect(past.getSnapshot().can({ type: 'reabrir' })).toBe(false);
  });

  it('assigns only to an employee offered, and lets the assignee neither assign nor write for the requester', async () => {
    const admin = await shown(opened(ADMIN_NEW, READ_AT, [EMILIO]));
    admin.send({ type: 'chooseAssignee', asignadoId: 99 });
    expect(admin.getSnapshot().can({ type: 'asignar' })).toBe(false);
    admin.send({ type: 'chooseAssignee', asignadoId: EMILIO.UserId });
    expect(admin.getSnapshot().can({ type: 'asignar' })).toBe(true);
    const assignee = await shown(opened(ASSIGNEE_WORKING));
    assignee.send({ type: 'chooseAssignee', asignadoId: EMILIO.UserId });
    expect(assignee.getSnapshot().context.assignTo).toBeNull();
    assignee.send({ type: 'editUpdate', draft: { Prioridad: 'urgente' } });
    expect(assignee.getSnapshot().context.update).toEqual({});
    const requester = await shown(opened(REQUESTER_RESOLVED));
    requester.send({ type: 'setInternal', internal: true });
    expect(requester.getSnapshot().context.internal).toBe(false);
  });

  it('sends only the fields that differ from the request, and the due date as the same instant is no change', async () => {
    const admin = await shown(opened(ADMIN_NEW, READ_AT, [EMILIO]));
    admin.send({ type: 'editUpdate', draft: { Prioridad: 'media', FechaLimite: '2026-11-15T10:00:00-06:00' } });
    expect(pendingUpdate(admin.getSnapshot().context)).toEqual({});
    expect(admin.getSnapshot().can({ type: 'update' })).toBe(false);
    admin.send({ type: 'editUpdate', draft: { FechaLimite: NEW_DUE, asignadoId: EMILIO.UserId } });
    expect(pendingUpdate(admin.getSnapshot().context)).toEqual({ FechaLimite: NEW_DUE, asignadoId: EMILIO.UserId });
  });

  it('rates only 1 to 5 stars', async () => {
    const requester = await shown(opened(REQUESTER_RESOLVED));
    for (const stars of [0, 6, 2.5]) {
      requester.send({ type: 'editRating', stars });
      expect(requester.getSnapshot().can({ type: 'rate' }), String(stars)).toBe(false);
    }
    requester.send({ type: 'editRating', stars: 1 });
    expect(requester.getSnapshot().can({ type: 'rate' })).toBe(true);
  });

  it(`takes at most ${TICKET_MAX_ATTACHMENTS} files with a reply`, async () => {
    const admin = await shown(opened(ADMIN_NEW));
    for (let i = 0; i < TICKET_MAX_ATTACHMENTS + 1; i++) admin.send({ type: 'attachReply', file: PHOTO });
    expect(admin.getSnapshot().context.replyFiles).toHaveLength(TICKET_MAX_ATTACHMENTS);
    admin.send({ type: 'detachReply', index: TICKET_MAX_ATTACHMENTS });
    expect(admin.getSnapshot().context.replyFiles).toHaveLength(TICKET_MAX_ATTACHMENTS);
    const late = await shown(opened(REQUESTER_LATE));
    expect(late.getSnapshot().can({ type: 'attachReply', file: PHOTO })).toBe(false);
  });

  it('does not send a blank reply', async () => {
    const admin = await shown(opened(ADMIN_NEW));
    admin.send({ type: 'editReply', text: '   ' });
    expect(admin.getSnapshot().can({ type: 'reply' })).toBe(false);
  });
});
