// The rules of one seat's ballot that the vote machine and the poll screen share: which seat votes, what
// voteRefusal() (src/api/pollLifecycle.ts) says of it now, whether the choices answer every question, and
// the vote request they make.
import { type SeatFacts, type VoteRefusal, voteRefusal } from '../api/pollLifecycle';
import type { PollAnswer, PollQuestion, PollSeat, VoteChoice } from '../api/polls';

/** One question's answer while choosing: the options chosen, or the free text. */
export interface Choice {
  opciones: number[];
  texto: string;
}

/** By question id. */
export type Choices = Record<string, Choice>;

/** The vote machine's "not allowed" states, by the refusal they show. */
export const REFUSAL_STATES = {
  cerrada: 'closed',
  no_abierta: 'notYetOpen',
  moroso: 'inArrears',
  ya_voto: 'alreadyVoted',
  no_elegible: 'notEligible',
} as const satisfies Record<VoteRefusal, string>;

export type NotAllowedState = (typeof REFUSAL_STATES)[VoteRefusal];
export type SeatDecision = NotAllowedState | 'voted' | 'choosing';

/** The seat chosen; null: the caller's first (an encuesta's only one). */
export function seatOf(answer: PollAnswer, apmtId: number | null): PollSeat | null {
  if (apmtId === null) return answer.asientos[0] ?? null;
  return answer.asientos.find((seat) => seat.ApmtId === apmtId) ?? null;
}

/** What the lifecycle's voteRefusal reads of a seat; no seat at all: not in the electorate. */
export const seatFacts = (seat: PollSeat | null): SeatFacts => ({
  enElectorado: seat !== null && seat.estado !== 'no_elegible',
  moroso: seat?.estado === 'moroso',
  votado: seat?.estado === 'votado',
});

export interface DecisionFacts {
  answer: PollAnswer;
  /** ms since the epoch: when the poll was read (the moment its phase is judged at). */
  at: number;
  apmtId: number | null;
  /** The seat is changing its vote (a poll whose votes may change). */
  changing: boolean;
  /** A vote was just cast from this screen. */
  justVoted: boolean;
}

/** Whether the seat may vote now; null: it may. */
export function refusalOf(facts: Pick<DecisionFacts, 'answer' | 'at' | 'apmtId'>): VoteRefusal | null {
  const { poll } = facts.answer;
  return voteRefusal(poll, seatFacts(seatOf(facts.answer, facts.apmtId)), new Date(facts.at));
}

/** Where the seat's screen goes with this read of the poll. */
export function seatDecision(facts: DecisionFacts): SeatDecision {
  const refusal = refusalOf(facts);
  // Just voted on a poll whose votes may not change: the receipt, not "already voted".
  if (refusal === 'ya_voto' && facts.justVoted) return 'voted';
  if (refusal) return REFUSAL_STATES[refusal];
  const seat = seatOf(facts.answer, facts.apmtId);
  return seat?.estado === 'votado' && !facts.changing ? 'voted' : 'choosing';
}

const answered = (question: PollQuestion, choice: Choice | undefined) => {
  const count = choice?.opciones.length ?? 0;
  if (question.tipo === 'abierta') return true;
  if (question.tipo === 'multiple') return count >= 1 && count <= (question.maximo ?? question.opciones.length);
  return count === 1;
};

/** Every choice question answered within its limits, and something to send. */
export function choicesComplete(answer: PollAnswer, choices: Choices): boolean {
  const { preguntas } = answer.poll;
  return preguntas.every((q) => answered(q, choices[q.id])) && voteRespuestas(answer, choices).length > 0;
}

/** The vote's answers in the questions' order; free texts trimmed, and left out when blank. */
export function voteRespuestas(answer: PollAnswer, choices: Choices): VoteChoice[] {
  return answer.poll.preguntas.flatMap((q): VoteChoice[] => {
    const choice = choices[q.id];
    if (q.tipo === 'abierta') {
      const texto = choice?.texto.trim() ?? '';
      return texto ? [{ preguntaId: q.id, opciones: [], texto }] : [];
    }
    return choice?.opciones.length ? [{ preguntaId: q.id, opciones: [...choice.opciones] }] : [];
  });
}

/** A seat's recorded vote as choices (to change it). */
export function choicesOf(seat: PollSeat | null): Choices {
  return Object.fromEntries(
    (seat?.respuestas ?? []).map((r) => [String(r.preguntaId), { opciones: [...r.opciones], texto: r.texto ?? '' }]),
  );
}
