// Filing a request to the administrator, model-based: every event the machine declares offered from
// tests/models, every branch walked against a real actor whose create call is a controllable promise. Each
// state is checked: the form offers sending always and shows its problems once tried; only a valid form is
// sent, trimmed, with its dwelling or common area and files; a failure keeps everything typed. Plus the
// rules: the problems by field, at most TICKET_MAX_ATTACHMENTS files, a member without a dwelling files for a
// common area only, a breakdown said as no connection.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { TICKET_AREA_MAX, TICKET_MAX_ATTACHMENTS, TICKET_TEXT_MAX, TICKET_TITLE_MAX } from '../../src/api/tickets';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { newTicketRequest, ticketFormProblems, ticketMachine } from '../../src/machines/ticketMachine';
import { ApiError } from '../../src/services/http';
import {
  AREA,
  CATEGORIES,
  DESCRIPTION,
  DWELLING,
  INPUT,
  PHOTO,
  REFUSAL,
  SENT_PLAIN,
  SENT_WITH_MESSAGE,
  TITLE,
  ticketModel,
} from '../models/ticketMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type PathStep, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof ticketMachine>;
const cover = coverModel(ticketModel);

describe('ticketMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof ticketMachine>;
  const now = () => actor.getSnapshot();
  const can = (event: Parameters<Snap['can']>[0]) => now().can(event);
  const valid = (s: Snap) => Object.keys(ticketFormProblems(s.context)).length === 0;

  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      // Sending is always offered; it shows the problems rather than being disabled.
      expect(can({ type: 'submit' })).toBe(true);
      expect(can({ type: 'attach', file: PHOTO })).toBe(s.context.adjuntos.length < TICKET_MAX_ATTACHMENTS);
      expect([can({ type: 'retry' }), can({ type: 'again' })]).toEqual([false, false]);
      expect(s.context.result).toBeNull();
      expect(s.context.failure).toBeNull();
      // Back on the form after trying: only because something is missing, or to correct after a failure.
      if (s.context.showProblems && !valid(s)) expect(Object.keys(ticketFormProblems(s.context)).length).toBeGreaterThan(0);
    },
    validating: () => {
      throw new Error('validating is transient and must never be observed');
    },
    uploading: (s) => {
      expect(calls.pending()).toEqual(['createTicket']);
      expect(valid(s)).toBe(true);
      const inDwelling = s.context.lugar === 'vivienda';
      expect(calls.inputOf('createTicket')).toEqual({
        sectionId: 2,
        categoriaId: 1,
        Titulo: 'Fuga en el baño',
        Descripcion: DESCRIPTION,
        ApmtId: inDwelling ? DWELLING.ApmtId : null,
        ...(inDwelling ? {} : { AreaComun: AREA }),
        Prioridad: s.context.prioridad,
        adjuntos: s.context.adjuntos,
      });
      expect(s.context.failure).toBeNull();
      expect([can({ type: 'submit' }), can({ type: 'edit', field: 'titulo', value: 'x' })]).toEqual([false, false]);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect([callFailure(REFUSAL), NETWORK_FAILURE]).toContainEqual(s.context.failure);
      // Everything typed is kept.
      expect(s.context).toMatchObject({ categoriaId: 1, titulo: TITLE, descripcion: DESCRIPTION });
      expect([can({ type: 'retry' }), can({ type: 'revise' }), can({ type: 'submit' })]).toEqual([true, true, false]);
    },
    sent: (s) => {
      expect(calls.pending()).toEqual([]);
      expect([SENT_WITH_MESSAGE, SENT_PLAIN]).toContainEqual(s.context.result);
      expect([can({ type: 'again' }), can({ type: 'submit' })]).toEqual([true, false]);
    },
  };

  const event = (step: PathStep) => step.event as PathStep['event'] & Payload;
  const leadsTo = {
    submit: () => {
      expect(now().context.showProblems).toBe(true);
      expect(now().value).toBe(valid(now()) ? 'uploading' : 'editing');
    },
    attach: () => expect(now().context.adjuntos).toEqual([PHOTO]),
    detach: () => expect(now().context.adjuntos).toEqual([]),
    chooseDwelling: () => expect(now().context).toMatchObject({ lugar: 'vivienda', apmtId: DWELLING.ApmtId }),
    edit: (step: PathStep) => expect(now().context[event(step).field as 'titulo']).toBe(event(step).value),
    // A new request starts blank, in the member's dwelling, priority media.
    again: () =>
      expect(now().context).toMatchObject({
        categoriaId: null,
        titulo: '',
        descripcion: '',
        lugar: 'vivienda',
        apmtId: DWELLING.ApmtId,
        areaComun: '',
        prioridad: 'media',
        adjuntos: [],
        showProblems: false,
        result: null,
      }),
  };

  walkModel(it, cover, ticketMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(ticketMachine, calls), { input: INPUT }).start();
    return { actor, calls, after: leadsTo };
  });
});

describe('ticketMachine rules', () => {
  const filled = () => {
    const actor = createActor(ticketMachine, { input: INPUT }).start();
    actor.send({ type: 'chooseCategory', categoriaId: 2 });
    actor.send({ type: 'edit', field: 'titulo', value: 'Luz fundida' });
    actor.send({ type: 'edit', field: 'descripcion', value: 'En el pasillo del piso 3.' });
    return actor;
  };

  it('names every missing field at once, and the limits of the texts', () => {
    const blank = createActor(ticketMachine, { input: { ...INPUT, viviendas: [] } })
      .start()
      .getSnapshot().context;
    expect(ticketFormProblems(blank)).toEqual({
      categoria: 'required',
      titulo: 'required',
      descripcion: 'required',
      lugar: 'required',
    });
    const long = {
      ...blank,
      categoriaId: 1,
      titulo: 'x'.repeat(TICKET_TITLE_MAX + 1),
      descripcion: 'x'.repeat(TICKET_TEXT_MAX + 1),
      areaComun: 'x'.repeat(TICKET_AREA_MAX + 1),
    };
    expect(ticketFormProblems(long)).toEqual({ titulo: 'tooLong', descripcion: 'tooLong', lugar: 'tooLong' });
    // An inactive or unknown category is no category.
    expect(ticketFormProblems({ ...long, categorias: [{ ...CATEGORIES[0]!, activa: false }] }).categoria).toBe('required');
  });

  it('does not send an invalid form: it stays on the form with its problems shown', () => {
    const actor = createActor(ticketMachine, { input: INPUT }).start();
    actor.send({ type: 'edit', field: 'titulo', value: '   ' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.showProblems).toBe(true);
  });

  it('files for a common area only when the member has no dwelling', () => {
    const actor = createActor(ticketMachine, { input: { ...INPUT, viviendas: [] } }).start();
    expect(actor.getSnapshot().context).toMatchObject({ lugar: 'area', apmtId: null });
    expect(actor.getSnapshot().can({ type: 'choosePlace', lugar: 'vivienda' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'chooseDwelling', apmtId: 101 })).toBe(false);
    actor.send({ type: 'edit', field: 'areaComun', value: '  Gimnasio ' });
    actor.send({ type: 'chooseCategory', categoriaId: 1 });
    actor.send({ type: 'edit', field: 'titulo', value: 'Caminadora' });
    actor.send({ type: 'edit', field: 'descripcion', value: 'No enciende.' });
    expect(newTicketRequest(actor.getSnapshot().context)).toMatchObject({ ApmtId: null, AreaComun: 'Gimnasio' });
  });

  it('never names a dwelling that is not the member’s', () => {
    const actor = filled();
    actor.send({ type: 'chooseDwelling', apmtId: 999 });
    expect(actor.getSnapshot().context.apmtId).toBe(DWELLING.ApmtId);
    expect(newTicketRequest(actor.getSnapshot().context)).toMatchObject({ ApmtId: DWELLING.ApmtId });
    expect(newTicketRequest(actor.getSnapshot().context)).not.toHaveProperty('AreaComun');
  });

  it(`takes at most ${TICKET_MAX_ATTACHMENTS} files, and removes only one that is there`, () => {
    const actor = filled();
    for (let i = 0; i < TICKET_MAX_ATTACHMENTS + 2; i++) actor.send({ type: 'attach', file: PHOTO });
    expect(actor.getSnapshot().context.adjuntos).toHaveLength(TICKET_MAX_ATTACHMENTS);
    expect(actor.getSnapshot().can({ type: 'detach', index: TICKET_MAX_ATTACHMENTS })).toBe(false);
    actor.send({ type: 'detach', index: 0 });
    expect(actor.getSnapshot().context.adjuntos).toHaveLength(TICKET_MAX_ATTACHMENTS - 1);
  });

  it('says a server breakdown as no connection, a refusal in the server’s words, and sends again as it was', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(ticketMachine, calls), { input: INPUT }).start();
    actor.send({ type: 'chooseCategory', categoriaId: 1 });
    actor.send({ type: 'edit', field: 'titulo', value: TITLE });
    actor.send({ type: 'edit', field: 'descripcion', value: DESCRIPTION });
    actor.send({ type: 'submit' });
    const sent = calls.inputOf('createTicket');
    calls.reject('createTicket', new ApiError(502, 'HTTP', 'Bad Gateway'));
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE);
    actor.send({ type: 'retry' });
    expect(calls.inputOf('createTicket')).toEqual(sent);
    calls.reject('createTicket', REFUSAL);
    await settle();
    expect(actor.getSnapshot().context.failure).toMatchObject({ kind: 'refused', message: REFUSAL.message });
    actor.send({ type: 'revise' });
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, titulo: TITLE });
  });
});
