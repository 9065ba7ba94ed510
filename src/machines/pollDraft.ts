// A poll's draft as the editor holds it: the blank one a new poll starts from (in the condominium's time),
// what a kind of poll or of question brings with it, the draft as it is sent (texts trimmed, options only where
// a question has them), and its problems by field: validatePollDraft's rules (src/api/polls.ts), shown once a
// field was touched or sending was tried, and the server's own word on a field it refused.
import { is } from 'superstruct';
import {
  type DraftErrors,
  PollDraft,
  type PollKind,
  type PollsHomeAnswer,
  type QuestionDraft,
  type QuestionKind,
  validatePollDraft,
} from '../api/polls';

/** The key of a field's problem: a field of the poll, one question ('pregunta.N'), or the whole form. */
export type DraftField = keyof DraftErrors | 'form';

const MINUTE = 60_000;
/** A new poll opens at the next full hour and stays open a week. */
const OPEN_FOR_DAYS = 7;

const toMinutes = (local: string) => Date.parse(`${local}:00Z`) / MINUTE;
const fromMinutes = (minutes: number) => new Date(minutes * MINUTE).toISOString().slice(0, 16);

/** The next full hour after `nowLocal` ('YYYY-MM-DDTHH:mm', a wall-clock time: no zone arithmetic needed). */
export function nextFullHour(nowLocal: string): string {
  const minutes = toMinutes(nowLocal);
  return fromMinutes(Math.floor(minutes / 60) * 60 + 60);
}

export const addDays = (local: string, days: number) => fromMinutes(toMinutes(local) + days * 24 * 60);

/** A question of this kind as first offered: two blank options where it has options. */
export function blankQuestion(tipo: QuestionKind): QuestionDraft {
  const withOptions = tipo === 'unica' || tipo === 'multiple';
  return { Texto: '', tipo, opciones: withOptions ? ['', ''] : [], maximo: tipo === 'multiple' ? 2 : null };
}

/** A votación starts with a sí / no / abstención question; an encuesta with a single choice. */
export const firstQuestionKind = (tipo: PollKind): QuestionKind => (tipo === 'votacion' ? 'sino' : 'unica');

/** A question switched to another kind: its options kept where the new kind has options. */
export function switchQuestion(question: QuestionDraft, tipo: QuestionKind): QuestionDraft {
  if (tipo === 'sino' || tipo === 'abierta') return { ...question, tipo, opciones: [], maximo: null };
  const opciones = question.opciones.length >= 2 ? question.opciones : [...question.opciones, '', ''].slice(0, 2);
  return { ...question, tipo, opciones, maximo: tipo === 'multiple' ? Math.min(2, opciones.length) : null };
}

/** How a kind of poll counts by default: one answer per person, or weighted by each dwelling's share. */
export const defaultCounting = (tipo: PollKind) => (tipo === 'encuesta' ? 'persona' : 'indiviso');

/** The draft of a new poll in the first section the caller may use. */
export function blankDraft(home: PollsHomeAnswer, sectionId: number, tipo: PollKind): PollDraft {
  const abre = nextFullHour(home.ahoraLocal);
  return {
    sectionId,
    Titulo: '',
    Descripcion: '',
    tipo,
    conteo: defaultCounting(tipo),
    // A formal vote is secret unless the administrator says otherwise.
    secreta: tipo === 'votacion',
    cambiable: false,
    quorum: null,
    abre,
    cierra: addDays(abre, OPEN_FOR_DAYS),
    preguntas: [blankQuestion(firstQuestionKind(tipo))],
    adjuntos: [],
  };
}

/** The draft as it is sent: texts trimmed; options and maximum only where the question's kind has them. */
export function sentDraft(draft: PollDraft): PollDraft {
  return {
    ...draft,
    Titulo: draft.Titulo.trim(),
    Descripcion: draft.Descripcion.trim(),
    preguntas: draft.preguntas.map((q) => {
      const withOptions = q.tipo === 'unica' || q.tipo === 'multiple';
      return {
        Texto: q.Texto.trim(),
        tipo: q.tipo,
        opciones: withOptions ? q.opciones.map((o) => o.trim()) : [],
        maximo: q.tipo === 'multiple' ? q.maximo : null,
      };
    }),
  };
}

/**
 * Every problem of the draft by field. `nowLocal` is the condominium's now for a new poll or a changed opening
 * (an opening in the past is refused then, not when an untouched upcoming poll is edited).
 */
export function draftProblems(draft: PollDraft, nowLocal?: string): Partial<Record<DraftField, string>> {
  const sent = sentDraft(draft);
  const problems: Partial<Record<DraftField, string>> = validatePollDraft(sent, nowLocal);
  // What the rules do not name, the contract refuses (a text over its limit, a quorum out of range).
  if (Object.keys(problems).length === 0 && !is(sent, PollDraft)) problems.form = 'polls.editor.invalid';
  return problems;
}

/** The editor's key for a field the server named ('Titulo', 'preguntas.2.opciones'…); 'form' otherwise. */
export function draftFieldOf(field: string | undefined): DraftField {
  if (!field) return 'form';
  const question = /^preguntas\.(\d+)/.exec(field);
  if (question) return `pregunta.${Number(question[1])}`;
  return field === 'Titulo' || field === 'abre' || field === 'cierra' || field === 'conteo' ? field : 'form';
}
