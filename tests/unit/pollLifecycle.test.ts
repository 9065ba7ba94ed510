// The poll lifecycle table, the vote refusals and the results rule (src/api/pollLifecycle.ts), and the draft
// rules and basis points of src/api/polls.ts: pure functions both sides use.
import { describe, expect, it } from 'vitest';
import {
  canEditPoll,
  canSeeResults,
  POLL_ACTIONS,
  POLL_LIFECYCLE,
  POLL_PHASES,
  type PollPhase,
  type PollTimes,
  pollActions,
  pollPhase,
  pollTransition,
  voteRefusal,
} from '../../src/api/pollLifecycle';
import { basisPoints, POLL_MESSAGES, type PollDraft, validatePollDraft } from '../../src/api/polls';

const OPENS = '2026-11-20T15:00:00.000Z';
const CLOSES = '2026-11-27T15:00:00.000Z';
const published: PollTimes = { estado: 'publicada', abre: OPENS, cierra: CLOSES };
const BEFORE = '2026-11-19T00:00:00.000Z';
const DURING = '2026-11-24T12:00:00.000Z';
const AFTER = '2026-11-28T00:00:00.000Z';

describe('pollPhase', () => {
  it('reads a published poll by server time: upcoming, open up to the closing instant, then closed', () => {
    expect(pollPhase(published, BEFORE)).toBe('proxima');
    expect(pollPhase(published, OPENS)).toBe('abierta');
    expect(pollPhase(published, DURING)).toBe('abierta');
    expect(pollPhase(published, new Date(Date.parse(CLOSES) - 1))).toBe('abierta');
    expect(pollPhase(published, CLOSES)).toBe('cerrada');
    expect(pollPhase(published, AFTER)).toBe('cerrada');
  });
  it('keeps the stored state of proposals, closed, cancelled and rejected polls whatever the time', () => {
    for (const estado of ['propuesta', 'cerrada', 'cancelada', 'rechazada'] as const) {
      expect(pollPhase({ ...published, estado }, DURING)).toBe(estado);
    }
  });
});

describe('the lifecycle table', () => {
  it('names only known phases and actions, and every action is reachable by someone', () => {
    for (const t of POLL_LIFECYCLE) {
      for (const phase of t.from) expect(POLL_PHASES).toContain(phase);
    }
    expect(new Set(POLL_LIFECYCLE.map((t) => t.action))).toEqual(new Set(POLL_ACTIONS));
  });
  it('offers administrators publish and reject on a proposal, and the proposer only withdrawing it', () => {
    const proposal = { ...published, estado: 'propuesta' as const };
    expect(pollActions(proposal, ['admin'], DURING)).toEqual(['publicar', 'rechazar', 'cancelar']);
    expect(pollActions(proposal, ['proposer'], DURING)).toEqual(['cancelar']);
    expect(pollActions(proposal, [], DURING)).toEqual([]);
  });
  it('closes early only while open; extends and cancels while upcoming or open; nothing after closing', () => {
    expect(pollActions(published, ['admin'], BEFORE)).toEqual(['extender', 'cancelar']);
    expect(pollActions(published, ['admin'], DURING)).toEqual(['cerrar', 'extender', 'cancelar']);
    expect(pollActions(published, ['admin'], AFTER)).toEqual([]);
    expect(pollActions(published, ['system'], DURING)).toEqual(['cerrar']);
    expect(pollActions(published, ['proposer'], DURING)).toEqual([]);
  });
  it('says what each transition needs: a reason to cancel or reject, a new closing to extend', () => {
    expect(pollTransition(published, 'cancelar', ['admin'], DURING)?.needsReason).toBe(true);
    expect(pollTransition(published, 'extender', ['admin'], DURING)?.needsClosing).toBe(true);
    expect(pollTransition(published, 'cerrar', ['admin'], DURING)?.to).toBe('cerrada');
    expect(pollTransition(published, 'publicar', ['admin'], DURING)).toBeNull();
  });
  it('lets a poll be edited only before anyone could vote', () => {
    const proposal = { ...published, estado: 'propuesta' as const };
    expect(canEditPoll(proposal, ['proposer'], DURING)).toBe(true);
    expect(canEditPoll(proposal, ['admin'], DURING)).toBe(true);
    expect(canEditPoll(published, ['admin'], BEFORE)).toBe(true);
    expect(canEditPoll(published, ['proposer'], BEFORE)).toBe(false);
    expect(canEditPoll(published, ['admin'], DURING)).toBe(false);
  });
});

describe('voteRefusal', () => {
  const seat = { enElectorado: true, moroso: false, votado: false };
  const poll = { ...published, cambiable: false };
  it('lets an eligible seat vote while open', () => {
    expect(voteRefusal(poll, seat, DURING)).toBeNull();
  });
  it('refuses by time first: not yet open, closed (server time), cancelled', () => {
    expect(voteRefusal(poll, seat, BEFORE)).toBe('no_abierta');
    expect(voteRefusal(poll, seat, CLOSES)).toBe('cerrada');
    expect(voteRefusal({ ...poll, estado: 'cancelada' }, seat, DURING)).toBe('cerrada');
  });
  it('refuses a seat outside the electorate, in arrears, or that already voted where votes cannot change', () => {
    expect(voteRefusal(poll, { ...seat, enElectorado: false }, DURING)).toBe('no_elegible');
    expect(voteRefusal(poll, { ...seat, moroso: true }, DURING)).toBe('moroso');
    expect(voteRefusal(poll, { ...seat, votado: true }, DURING)).toBe('ya_voto');
    expect(voteRefusal({ ...poll, cambiable: true }, { ...seat, votado: true }, DURING)).toBeNull();
  });
});

describe('canSeeResults', () => {
  const phases: PollPhase[] = ['abierta', 'cerrada', 'cancelada'];
  it('shows administrators the results from opening, never before', () => {
    for (const phase of phases) expect(canSeeResults(0, { admin: true, hasVoted: false }, phase)).toBe(true);
    for (const phase of ['propuesta', 'proxima', 'rechazada'] as const) {
      expect(canSeeResults(2, { admin: true, hasVoted: true }, phase)).toBe(false);
    }
  });
  it('0: nobody else; 1: those who voted; 2: everyone', () => {
    for (const phase of phases) {
      expect(canSeeResults(0, { admin: false, hasVoted: true }, phase)).toBe(false);
      expect(canSeeResults(1, { admin: false, hasVoted: false }, phase)).toBe(false);
      expect(canSeeResults(1, { admin: false, hasVoted: true }, phase)).toBe(true);
      expect(canSeeResults(2, { admin: false, hasVoted: false }, phase)).toBe(true);
    }
  });
});

const draft = (over: Partial<PollDraft> = {}): PollDraft => ({
  sectionId: 1,
  Titulo: 'Impermeabilización',
  Descripcion: '',
  tipo: 'votacion',
  conteo: 'indiviso',
  secreta: true,
  cambiable: false,
  quorum: 51,
  abre: '2026-12-01T09:00',
  cierra: '2026-12-08T09:00',
  preguntas: [{ Texto: '¿Aprueban la obra?', tipo: 'sino', opciones: [], maximo: null }],
  adjuntos: [],
  ...over,
});

describe('validatePollDraft', () => {
  it('accepts a sound draft', () => {
    expect(validatePollDraft(draft(), '2026-11-24T10:00')).toEqual({});
  });
  it('refuses an opening in the past only when a local now is given', () => {
    expect(validatePollDraft(draft({ abre: '2026-11-24T09:59' }), '2026-11-24T10:00').abre).toBe(POLL_MESSAGES.openingInPast);
    expect(validatePollDraft(draft({ abre: '2026-11-24T09:59' })).abre).toBeUndefined();
  });
  it('needs the closing after the opening, by at least an hour', () => {
    expect(validatePollDraft(draft({ cierra: '2026-12-01T09:00' })).cierra).toBe(POLL_MESSAGES.closesBeforeOpening);
    expect(validatePollDraft(draft({ cierra: '2026-12-01T09:59' })).cierra).toBe(POLL_MESSAGES.tooShort);
    expect(validatePollDraft(draft({ cierra: '2026-12-01T10:00' })).cierra).toBeUndefined();
  });
  it('matches the counting to the kind', () => {
    expect(validatePollDraft(draft({ conteo: 'persona' })).conteo).toBe(POLL_MESSAGES.countingForKind);
    expect(validatePollDraft(draft({ tipo: 'encuesta', conteo: 'vivienda' })).conteo).toBe(POLL_MESSAGES.countingForKind);
    expect(validatePollDraft(draft({ tipo: 'encuesta', conteo: 'persona' })).conteo).toBeUndefined();
  });
  it('checks each question: options, duplicates, the maximum, free text only in surveys', () => {
    const base: PollDraft['preguntas'][number] = { Texto: '¿Qué color?', tipo: 'sino', opciones: [], maximo: null };
    const q = (over: Partial<PollDraft['preguntas'][number]>) => draft({ preguntas: [{ ...base, ...over }] });
    expect(validatePollDraft(q({ tipo: 'unica', opciones: ['Sí'] }))['pregunta.0']).toBe(POLL_MESSAGES.needsOptions);
    expect(validatePollDraft(q({ tipo: 'unica', opciones: ['Azul', ' azul '] }))['pregunta.0']).toBe(
      POLL_MESSAGES.duplicateOption,
    );
    expect(validatePollDraft(q({ tipo: 'multiple', opciones: ['A', 'B', 'C'], maximo: 4 }))['pregunta.0']).toBe(
      POLL_MESSAGES.maximumRange,
    );
    expect(validatePollDraft(q({ tipo: 'multiple', opciones: ['A', 'B', 'C'], maximo: 2 }))['pregunta.0']).toBeUndefined();
    expect(validatePollDraft(q({ tipo: 'abierta' }))['pregunta.0']).toBe(POLL_MESSAGES.freeTextInVote);
  });
});

describe('basisPoints', () => {
  it('rounds half up in integer arithmetic and never divides by zero', () => {
    expect(basisPoints(1, 3)).toBe(3333);
    expect(basisPoints(2, 3)).toBe(6667);
    expect(basisPoints(1, 20_000)).toBe(1); // 0.5 basis point rounds up
    expect(basisPoints(333_334, 1_000_000)).toBe(3333);
    expect(basisPoints(5, 5)).toBe(10_000);
    expect(basisPoints(0, 0)).toBe(0);
  });
});
