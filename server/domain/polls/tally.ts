// Counting a poll (issue 14): the ballots of the electorate fixed at opening become PollResults. Pure and in
// integer arithmetic only (units in src/api/polls.ts): the server calls it for the poll screen, the CSV and
// the acta, so all three always show the same numbers.
import type { PollCounting, PollResults, QuestionKind } from '../../../src/api/polls';
import { basisPoints, participationOf } from '../../../src/api/polls';

export interface TallyQuestion {
  id: number;
  tipo: QuestionKind;
  options: { id: number; Texto: string; clave: string | null }[];
}
export interface TallySeat {
  seatKey: string;
  name: string;
  weight: number;
  barred: boolean;
}
export interface TallyBallot {
  seatKey: string;
  choices: { questionId: number; optionIds: number[]; text: string | null }[];
}
export interface TallyInput {
  conteo: PollCounting;
  quorum: number | null;
  questions: TallyQuestion[];
  electorate: TallySeat[];
  ballots: TallyBallot[];
}
/** final: the poll is closed or cancelled; showPending: administrators; publicBallot: not secret. */
export interface TallyView {
  final: boolean;
  showPending: boolean;
  publicBallot: boolean;
}

type QuestionResult = PollResults['preguntas'][number];
type PublicBallot = NonNullable<PollResults['votos']>[number];

/** What one counted ballot says about one question: the options it chose (in the question's order) or its
 * text; null when it left the question unanswered. */
interface Answer {
  optionIds: number[];
  text: string | null;
}

interface CountedBallot {
  seat: TallySeat;
  weight: number;
  answers: Map<number, Answer>;
}

const byName = new Intl.Collator('es', { numeric: true }).compare;
const byText = new Intl.Collator('es').compare;

/** The answer a ballot gives to a question, reading only what the question allows: options of this question
 * (each once); for unica and sino exactly one, else the question is spoiled and not counted; for abierta a
 * non-empty trimmed text. The server validates votes already; this keeps a bad row from skewing a count. */
function answerOf(question: TallyQuestion, ballot: TallyBallot): Answer | null {
  const choice = ballot.choices.find((c) => c.questionId === question.id);
  if (!choice) return null;
  if (question.tipo === 'abierta') {
    const text = (choice.text ?? '').trim();
    return text === '' ? null : { optionIds: [], text };
  }
  const chosen = new Set(choice.optionIds);
  const optionIds = question.options.filter((o) => chosen.has(o.id)).map((o) => o.id);
  if (optionIds.length === 0) return null;
  if (question.tipo !== 'multiple' && optionIds.length > 1) return null;
  return { optionIds, text: null };
}

/** The counted ballots: one per seat of the electorate that may vote (the first one, should a seat have two),
 * weighted by the counting. A seat outside the electorate or barred for arrears never counts. */
function countedBallots(input: TallyInput): CountedBallot[] {
  const seats = new Map(input.electorate.map((seat) => [seat.seatKey, seat]));
  const counted = new Map<string, CountedBallot>();
  for (const ballot of input.ballots) {
    const seat = seats.get(ballot.seatKey);
    if (!seat || seat.barred || counted.has(seat.seatKey)) continue;
    const answers = new Map<number, Answer>();
    for (const question of input.questions) {
      const answer = answerOf(question, ballot);
      if (answer) answers.set(question.id, answer);
    }
    counted.set(seat.seatKey, { seat, weight: weightOf(input.conteo, seat), answers });
  }
  return [...counted.values()];
}

/** Only the indiviso counting weighs seats; every other counting is one per seat, whatever weight came in. */
const weightOf = (conteo: PollCounting, seat: TallySeat) => (conteo === 'indiviso' ? seat.weight : 1);

function questionResult(question: TallyQuestion, ballots: CountedBallot[]): QuestionResult {
  const answering = ballots.filter((b) => b.answers.has(question.id));
  const peso = sum(answering.map((b) => b.weight));
  const opciones =
    question.tipo === 'abierta'
      ? []
      : question.options.map((option) => {
          const choosing = answering.filter((b) => b.answers.get(question.id)?.optionIds.includes(option.id));
          const optionWeight = sum(choosing.map((b) => b.weight));
          return {
            opcionId: option.id,
            Texto: option.Texto,
            clave: option.clave,
            votos: choosing.length,
            peso: optionWeight,
            porcentaje: basisPoints(choosing.length, answering.length),
            porcentajePeso: basisPoints(optionWeight, peso),
          };
        });
  // Sorted, so the order of the texts says nothing about who wrote which.
  const textos = question.tipo === 'abierta' ? answering.map((b) => b.answers.get(question.id)?.text ?? '').sort(byText) : [];
  return { preguntaId: question.id, respuestas: answering.length, peso, opciones, textos };
}

function publicBallot(questions: TallyQuestion[], ballot: CountedBallot): PublicBallot {
  return {
    Nombre: ballot.seat.name,
    respuestas: questions.map((question) => {
      const answer = ballot.answers.get(question.id);
      const chosen = new Set(answer?.optionIds ?? []);
      return {
        preguntaId: question.id,
        opciones: question.options.filter((o) => chosen.has(o.id)).map((o) => o.Texto),
        texto: answer?.text ?? null,
      };
    }),
  };
}

// Two seats of the same name keep one order whatever the order of the ballots.
const codeOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function tallyPoll(input: TallyInput, view: TallyView): PollResults {
  const ballots = countedBallots(input);
  // The participation as control gerencial reads it too (src/api/polls.ts participationOf).
  const { electorado, electoradoPeso, votantes, votantesPeso, participacion } = participationOf(
    input.conteo,
    input.electorate,
    input.ballots.map((b) => b.seatKey),
  );
  const voted = new Set(ballots.map((b) => b.seat.seatKey));
  return {
    final: view.final,
    electorado,
    electoradoPeso,
    votantes,
    votantesPeso,
    participacion,
    quorum: input.quorum,
    quorumAlcanzado: input.quorum === null ? null : participacion >= input.quorum * 100,
    preguntas: input.questions.map((question) => questionResult(question, ballots)),
    pendientes: view.showPending
      ? input.electorate
          .filter((seat) => !voted.has(seat.seatKey))
          .map((seat) => seat.name)
          .sort(byName)
      : null,
    votos: view.publicBallot
      ? [...ballots]
          .sort((a, b) => byName(a.seat.name, b.seat.name) || codeOrder(a.seat.seatKey, b.seat.seatKey))
          .map((ballot) => publicBallot(input.questions, ballot))
      : null,
  };
}
