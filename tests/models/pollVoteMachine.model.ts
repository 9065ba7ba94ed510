// Voting in one poll as a test model, read as the people who open it: a resident of Torre A - 101 and 102 (102
// in arrears) in the open weighted votación, who chooses sí and two suppliers, reviews, goes back, and sends;
// the same votación when their vote may change (changed, or kept), when Rosa already voted for the dwelling,
// closed, not open yet, and read by an administrator without a dwelling; and the encuesta on the pool's hours
// (a choice and a free text). The vote is answered as counted, or refused with each of the server's reasons
// (409 with the poll as it is now), or not at all; the poll is read again every 15 s (unchanged, closed
// meanwhile, gone, or not at all). Choices are made in one order so the states stay few. The words its
// scenarios are told in: docs/scenarios/pollVoteMachine.md.
import type { EventObject } from 'xstate';
import type { VoteRefusal } from '../../src/api/pollLifecycle';
import type { PollAnswer } from '../../src/api/polls';
import { type PollRead, pollVoteMachine, type VoteSent } from '../../src/machines/pollVoteMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';
import {
  APPROVE,
  afterVote,
  CLOSED,
  COMMENTS,
  HOURS,
  IN_ARREARS,
  NO_SEAT,
  OPEN,
  POLL_ID,
  READ_AT,
  REFRESHED_AT,
  SUPPLIERS,
  SURVEY,
  seat,
  UPCOMING,
  VOTED_AT,
  VOTED_BY_ROSA,
  VOTED_CHANGEABLE,
  voteAnswer,
  voted,
} from '../support/pollFixtures';

type Snap = Snapshot<typeof pollVoteMachine>;

export const INPUT = { pollId: POLL_ID, ApmtId: null };
export const FIRST_READS: Record<string, PollAnswer> = {
  open: OPEN,
  changeable: VOTED_CHANGEABLE,
  votedByRosa: VOTED_BY_ROSA,
  closed: CLOSED,
  upcoming: UPCOMING,
  noSeat: NO_SEAT,
  survey: SURVEY,
};
export const COMMENT = ' Que abran más temprano los fines de semana. ';
export const CONFLICT_MESSAGE = 'No se registró tu voto.';

export const GONE = new ApiError(404, 'NOT_FOUND', 'La votación no existe.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

/** The poll as the server has it after each refusal of the vote of Torre A - 101. */
export const REFUSED_POLLS: Record<VoteRefusal | 'version', PollAnswer> = {
  cerrada: { ...OPEN, poll: { ...OPEN.poll, estado: 'cerrada', fase: 'cerrada', cierra: '2026-11-21T18:00:30.000Z' } },
  no_abierta: { ...UPCOMING, asientos: OPEN.asientos },
  moroso: { ...OPEN, asientos: [seat({ estado: 'moroso', adeudo: 450_000, dias: 75 }), IN_ARREARS] },
  ya_voto: { ...OPEN, asientos: [voted({ VotoDe: 'Rosa Hernández Díaz', respuestas: null }), IN_ARREARS] },
  no_elegible: { ...OPEN, asientos: [seat({ estado: 'no_elegible' }), IN_ARREARS] },
  // Nothing refused: only its version moved (an administrator extended it meanwhile).
  version: { ...OPEN, poll: { ...OPEN.poll, version: 4 } },
};

const isFirstRead = (s: Snap, name: keyof typeof FIRST_READS) => s.context.answer === FIRST_READS[name];
const nothingChosen = (s: Snap) => Object.keys(s.context.choices).length === 0;
/** As first read, nothing chosen, nothing said: where a reading again is answered in every way. */
const fresh = (s: Snap) => s.context.at === READ_AT && nothingChosen(s) && !s.context.refreshFailed && !s.context.refused;
const chosen = (s: Snap, preguntaId: number) => s.context.choices[preguntaId]?.opciones ?? [];

const read = (answer: PollAnswer, at: number): PollRead => ({ answer, at });
const sent = (answer: PollAnswer, cambio = false): VoteSent => ({
  kind: 'voted',
  answer: voteAnswer(answer, { cambio }),
  at: VOTED_AT,
});
const refused = (motivo: VoteRefusal | null): VoteSent => ({
  kind: 'conflict',
  message: CONFLICT_MESSAGE,
  motivo,
  answer: REFUSED_POLLS[motivo ?? 'version'],
  at: VOTED_AT,
});

/** What the seat chose, as the poll records it. */
const recorded = (s: Snap) =>
  Object.entries(s.context.choices).map(([preguntaId, choice]) =>
    choice.texto
      ? { preguntaId: Number(preguntaId), opciones: [], texto: choice.texto.trim() }
      : { preguntaId: Number(preguntaId), opciones: choice.opciones },
  );

export const pollVoteModel = defineModel({
  machine: pollVoteMachine,
  input: INPUT,
  payloads: {
    'xstate.done.actor.load': Object.values(FIRST_READS).map((a) => ({ output: read(a, READ_AT) })),
    'xstate.error.actor.load': [{ error: GONE }, { error: NO_CONNECTION }],
    retry: BARE,
    // Sí first, then the suppliers one by one up to the two allowed; in the encuesta the hours, then a comment.
    select: (s) =>
      isFirstRead(s, 'open') && chosen(s, APPROVE.id).length === 0
        ? [{ preguntaId: APPROVE.id, opcionId: 711 }]
        : isFirstRead(s, 'survey') && chosen(s, HOURS.id).length === 0
          ? [{ preguntaId: HOURS.id, opcionId: 812 }]
          : [],
    toggle: (s) => {
      if (!isFirstRead(s, 'open') || chosen(s, APPROVE.id).length === 0 || s.context.refreshing) return [];
      const suppliers = chosen(s, SUPPLIERS.id);
      return suppliers.length < 2 ? [{ preguntaId: SUPPLIERS.id, opcionId: SUPPLIERS.opciones[suppliers.length]!.id }] : [];
    },
    write: (s) =>
      isFirstRead(s, 'survey') && chosen(s, HOURS.id).length === 1 && !s.context.choices[COMMENTS.id]
        ? [{ preguntaId: COMMENTS.id, texto: COMMENT }]
        : [],
    // Reviewed once everything is chosen (the machine refuses before: its own test says so).
    review: (s) =>
      (isFirstRead(s, 'open') && chosen(s, SUPPLIERS.id).length === 2) ||
      (isFirstRead(s, 'survey') && !!s.context.choices[COMMENTS.id]) ||
      s.context.changing
        ? BARE
        : [],
    back: BARE,
    confirm: BARE,
    changeVote: BARE,
    keepVote: BARE,
    // Between the two dwellings, with nothing chosen and nothing pending.
    chooseSeat: (s) =>
      s.context.answer?.asientos.length === 2 && nothingChosen(s) && !s.context.refreshing && !s.context.refreshFailed
        ? [{ ApmtId: 101 }, { ApmtId: 102 }]
        : [],
    refreshNow: (s) => (fresh(s) || (s.context.confirmation && s.context.at === VOTED_AT) ? BARE : []),
    'xstate.done.actor.refresh': (s) => {
      if (!s.context.refreshing) return [];
      const again = [{ output: read(s.context.answer!, REFRESHED_AT) }];
      // Closed while sí was chosen: the ballot gives way to "closed".
      if (isFirstRead(s, 'open') && chosen(s, APPROVE.id).length === 1 && chosen(s, SUPPLIERS.id).length === 0)
        again.push({ output: read(REFUSED_POLLS.cerrada, REFRESHED_AT) });
      return again;
    },
    'xstate.error.actor.refresh': (s) => (s.context.refreshing && fresh(s) ? [{ error: GONE }, { error: NO_CONNECTION }] : []),
    // The first vote of 101 in the open votación is answered every way; other votes go through.
    'xstate.done.actor.vote': (s) => {
      if (isFirstRead(s, 'open')) {
        const refusals: (VoteRefusal | null)[] = ['cerrada', 'no_abierta', 'moroso', 'ya_voto', 'no_elegible', null];
        return [{ output: sent(afterVote(OPEN, 101, recorded(s))) }, ...refusals.map((motivo) => ({ output: refused(motivo) }))];
      }
      return [
        { output: sent(afterVote(s.context.answer!, s.context.answer!.asientos[0]!.ApmtId, recorded(s)), s.context.changing) },
      ];
    },
    'xstate.error.actor.vote': (s) => (isFirstRead(s, 'open') ? [{ error: NO_CONNECTION }] : []),
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { output?: PollRead | VoteSent; error?: ApiError };
    if (e.type === 'xstate.done.actor.load' || e.type === 'xstate.done.actor.refresh') {
      const output = e.output as PollRead;
      const name = Object.entries(FIRST_READS).find(([, a]) => a === output.answer)?.[0];
      return `${eventLabel(event)}:${name ?? output.answer.poll.fase}`;
    }
    if (e.type === 'xstate.done.actor.vote') {
      const output = e.output as VoteSent;
      return output.kind === 'voted' ? `${eventLabel(event)}` : `${eventLabel(event)} ${output.motivo ?? 'version'}`;
    }
    if (e.type.startsWith('xstate.error.')) return `${eventLabel(event)}:${e.error!.status || 'network'}`;
    return eventLabel(event);
  },
  words: {
    states: {
      loading: 'Grey placeholder lines while the poll loads.',
      loadFailed: 'An alert “No pudimos cargar la votación” (the server could not be reached) with Reintentar.',
      notFound: 'An alert “Votación no disponible”: it does not exist or is not theirs to see.',
      deciding: 'Nothing new: what the seat may do is decided at once.',
      notAllowed:
        'The poll (title, dates, description, files, results when they may be seen) with, where the ballot would be, why this seat may not vote.',
      'notAllowed.closed':
        '“Esta votación ya cerró.” (or, after a vote refused, “Esta votación ya cerró; tu voto no se registró.”).',
      'notAllowed.notYetOpen': '“Esta votación todavía no abre.” with when it opens.',
      'notAllowed.inArrears':
        '“Tu vivienda no puede votar…” with what it owed when the poll opened ($12,345.00, 95 días) and Ver estado de cuenta.',
      'notAllowed.alreadyVoted': '“Ya hay un voto registrado…” with who voted for the dwelling (Rosa Hernández Díaz).',
      'notAllowed.notEligible': '“No formas parte del padrón de esta votación…”.',
      choosing:
        'The ballot: each question with its options (radio buttons; check boxes with “Elige hasta 2”; a text box), and Revisar mi voto, enabled once every question is answered.',
      reviewing: '“Revisa tu voto” with each question and what was chosen, Cambiar respuestas and Confirmar y enviar voto.',
      sending: 'Confirmar y enviar voto spins; nothing can be changed.',
      sendFailed: 'An alert “No pudimos enviar tu voto” with Reintentar (the choices are kept).',
      voted:
        'A status “¡Tu voto quedó registrado!” with the section’s message (or a thank you), the receipt code with Copiar código, “Te enviamos un comprobante por correo.” when so, what was chosen, and Cambiar mi voto where votes may change.',
    },
    events: {
      'xstate.done.actor.load': (e) => {
        const a = (e.output as PollRead).answer;
        return `the server sends the ${a.poll.tipo} “${a.poll.Titulo}” (${a.poll.fase}) with ${a.asientos.length} seat(s)`;
      },
      'xstate.error.actor.load': (e) =>
        (e.error as ApiError).status ? 'the server says it is not theirs to see' : 'the connection fails',
      retry: () => 'presses Reintentar',
      select: (e) => (e.preguntaId === APPROVE.id ? 'chooses Sí' : 'chooses De 9 a 22 h'),
      toggle: (e) => `ticks ${SUPPLIERS.opciones.find((o) => o.id === e.opcionId)?.Texto}`,
      write: () => `types “${COMMENT.trim()}” in ¿Algún comentario?`,
      review: () => 'presses Revisar mi voto',
      back: () => 'presses Cambiar respuestas',
      confirm: () => 'presses Confirmar y enviar voto',
      changeVote: () => 'presses Cambiar mi voto',
      keepVote: () => 'presses Conservar mi voto',
      chooseSeat: (e) => `opens the tab of Torre A - ${e.ApmtId}`,
      refreshNow: () => 'something changed the poll on this screen (an administrator’s action): it is read again at once',
      'xstate.done.actor.refresh': (e) =>
        (e.output as PollRead).answer.poll.fase === 'cerrada'
          ? '15 seconds later it is read again: it has closed meanwhile'
          : '15 seconds later it is read again',
      'xstate.error.actor.refresh': (e) =>
        (e.error as ApiError).status ? 'reading it again, the server says it is gone' : 'reading it again fails',
      'xstate.done.actor.vote': (e) => {
        const output = e.output as VoteSent;
        if (output.kind === 'voted') return output.answer.cambio ? 'the server replaces the vote' : 'the server counts the vote';
        return output.motivo
          ? `the server refuses the vote (${output.motivo}) and sends the poll as it is now`
          : 'the server says the poll changed and sends it as it is now';
      },
      'xstate.error.actor.vote': () => 'the connection fails',
    },
  },
});
