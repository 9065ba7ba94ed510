// One published event and its editor, model-based: every event the machine declares offered from tests/models,
// every branch walked against a real actor whose calls are controllable promises. Each state checks what is
// asked of the server (the draft trimmed, the version read, the reason trimmed), that only an administrator's
// event that is not cancelled can change, that a 409 shows the event as it is now, and that a new event
// announces its id. Plus the form's rules.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { blankForm, draftOf, formOf, formProblems } from '../../src/machines/eventDraft';
import { editable, eventEditorMachine, type SaveInput } from '../../src/machines/eventEditorMachine';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { CHANGED_ELSEWHERE, CONFLICT_MESSAGE, eventEditorModel, NEW_EVENT, REFUSED } from '../models/eventEditorMachine.model';
import { ADMIN_HOME, EDITABLE_EVENT, EVENT, EVENT_ID, NOW_LOCAL } from '../support/calendarFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof eventEditorMachine>;
const cover = coverModel(eventEditorModel);

describe('eventEditorMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof eventEditorMachine>;
  let created: number[] = [];
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    start: () => {
      throw new Error('start is never a resting state: it decides from the input at once');
    },
    loadingHome: (s) => {
      expect(s.context.eventId).toBeNull();
      expect(calls.pending()).toEqual(['fetchCalendarHome']);
    },
    loadingEvent: () => {
      expect(calls.pending()).toEqual(['fetchCalendarEvent']);
      expect(calls.inputOf('fetchCalendarEvent')).toBe(EVENT_ID);
    },
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    forbidden: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.home?.puedePublicar ?? false).toBe(false);
      expect(can({ type: 'retry' })).toBe(false);
    },
    notFound: () => {
      expect(calls.pending()).toEqual([]);
      expect([can({ type: 'retry' }), can({ type: 'edit' })]).toEqual([false, false]);
    },
    viewing: (s) => {
      expect(calls.pending()).toEqual([]);
      const { evento } = s.context;
      expect(evento).not.toBeNull();
      expect(can({ type: 'edit' })).toBe(evento!.puedeEditar && !evento!.cancelado);
      expect(can({ type: 'startCancel' })).toBe(editable(evento));
      // A conflict shows the event as the other change left it.
      if (s.context.conflict !== null) {
        expect(s.context.conflict).toBe(CONFLICT_MESSAGE);
        expect(evento).toBe(CHANGED_ELSEWHERE);
        expect(s.context.notice).toBeNull();
      }
    },
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.form).not.toBeNull();
      expect([null, callFailure(REFUSED)]).toContainEqual(s.context.failure);
      expect(can({ type: 'discard' })).toBe(true);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['saveEvent']);
      const input = calls.inputOf('saveEvent') as SaveInput;
      expect(input.evento).toBe(s.context.evento);
      expect(Object.keys(formProblems(input.form))).toEqual([]);
      expect(can({ type: 'discard' })).toBe(false);
    },
    closed: (s) => {
      expect(s.status).toBe('done');
      expect(created).toEqual([]);
    },
    cancelling: (s) => {
      expect(editable(s.context.evento)).toBe(true);
    },
    'cancelling.confirming': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'confirmCancel' })).toBe(true);
      expect([null, NETWORK_FAILURE]).toContainEqual(s.context.failure);
    },
    'cancelling.sending': (s) => {
      expect(calls.pending()).toEqual(['cancelEvent']);
      expect(calls.inputOf('cancelEvent')).toEqual({ evento: s.context.evento, motivo: 'Lluvia' });
      expect(can({ type: 'back' })).toBe(false);
    },
  };

  walkModel(it, cover, eventEditorMachine, states, (input) => {
    calls = controllablePromises();
    created = [];
    actor = createActor(provideCalls(eventEditorMachine, calls), { input: input as { eventId: number | null } });
    actor.on('created', (event) => created.push(event.eventId));
    actor.start();
    return {
      actor,
      calls,
      after: {
        'xstate.done.actor.save': () => {
          const isNew = actor.getSnapshot().context.eventId === null;
          expect(created).toEqual(isNew ? [NEW_EVENT.EventId] : []);
        },
      },
    };
  });
});

describe('event form', () => {
  it('starts a new event tomorrow evening in the first section', () => {
    expect(blankForm(40, NOW_LOCAL)).toMatchObject({
      sectionId: 40,
      inicio: '2026-11-13T18:00',
      fin: '2026-11-13T20:00',
      Titulo: '',
    });
    expect(blankForm(40, '2026-12-31T23:00').inicio).toBe('2027-01-01T18:00');
  });

  it('says each problem by its field', () => {
    const form = { ...blankForm(40, NOW_LOCAL), Titulo: '  ', fin: '2026-11-13T17:00' };
    expect(formProblems(form)).toEqual({ Titulo: 'calendar.error.required', fin: 'calendar.error.endBeforeStart' });
    expect(formProblems({ ...form, Titulo: 'x', inicio: '' })).toEqual({ inicio: 'calendar.error.required' });
    expect(
      formProblems({ ...form, Titulo: 'x', fin: '2026-11-13T21:00', conInvitados: true, acompanantes: 11, limiteInvitados: 0 }),
    ).toEqual({
      acompanantes: 'calendar.error.companions',
      limiteInvitados: 'calendar.error.guestLimit',
    });
  });

  it('sends the draft trimmed, with the guest link only when asked', () => {
    const form = { ...formOf(EDITABLE_EVENT), Titulo: ' Posada ', Lugar: ' Casa club ' };
    expect(draftOf(form)).toEqual({
      sectionId: 40,
      tipo: 'evento',
      Titulo: 'Posada',
      Descripcion: EVENT.Descripcion,
      Lugar: 'Casa club',
      inicio: '2026-11-13T19:00',
      fin: '2026-11-13T22:00',
      invitados: { acompanantes: 2, limiteInvitados: 50 },
    });
    expect(draftOf({ ...form, conInvitados: false }).invitados).toBeNull();
    expect(ADMIN_HOME.puedePublicar).toBe(true);
  });
});
