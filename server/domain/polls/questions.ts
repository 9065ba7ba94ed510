// A poll's questions and their options: written from the draft (sino questions get the fixed Sí / No /
// Abstención in that order, keyed by clave; abierta none), and read back in order.
import type { Kysely } from 'kysely';
import { type PollQuestion, type QuestionDraft, type QuestionKind, YES_NO_OPTIONS } from '../../../src/api/polls';
import type { Database } from '../../db/schema';

/** The stored text of each sino option (the screens translate them by clave). */
const YES_NO_TEXT: Record<(typeof YES_NO_OPTIONS)[number], string> = { si: 'Sí', no: 'No', abstencion: 'Abstención' };

function optionsOf(question: QuestionDraft): { text: string; clave: string | null }[] {
  if (question.tipo === 'sino') return YES_NO_OPTIONS.map((clave) => ({ text: YES_NO_TEXT[clave], clave }));
  if (question.tipo === 'abierta') return [];
  return question.opciones.map((text) => ({ text: text.trim(), clave: null }));
}

export async function saveQuestions(trx: Kysely<Database>, pollId: number, questions: readonly QuestionDraft[]): Promise<void> {
  for (const [position, question] of questions.entries()) {
    const { id } = await trx
      .insertInto('poll_questions')
      .values({
        poll_id: pollId,
        position,
        text: question.Texto.trim(),
        kind: question.tipo,
        maximo: question.tipo === 'multiple' ? question.maximo : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const options = optionsOf(question);
    if (options.length > 0) {
      await trx
        .insertInto('poll_options')
        .values(options.map((o, i) => ({ question_id: id, position: i, text: o.text, clave: o.clave })))
        .execute();
    }
  }
}

/** Before opening only (nobody has voted): the questions go and the draft's are written again. */
export async function replaceQuestions(trx: Kysely<Database>, pollId: number, questions: readonly QuestionDraft[]) {
  await trx.deleteFrom('poll_questions').where('poll_id', '=', pollId).execute();
  await saveQuestions(trx, pollId, questions);
}

export async function questionsOf(db: Kysely<Database>, pollId: number): Promise<PollQuestion[]> {
  const questions = await db
    .selectFrom('poll_questions')
    .select(['id', 'text', 'kind', 'maximo'])
    .where('poll_id', '=', pollId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (questions.length === 0) return [];
  const options = await db
    .selectFrom('poll_options')
    .select(['id', 'question_id', 'text', 'clave'])
    .where(
      'question_id',
      'in',
      questions.map((q) => q.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  return questions.map((q) => ({
    id: q.id,
    Texto: q.text,
    tipo: q.kind as QuestionKind,
    maximo: q.maximo,
    opciones: options.filter((o) => o.question_id === q.id).map((o) => ({ id: o.id, Texto: o.text, clave: o.clave })),
  }));
}

/** The questions as the editor's draft holds them. */
export const questionDrafts = (questions: readonly PollQuestion[]): QuestionDraft[] =>
  questions.map((q) => ({
    Texto: q.Texto,
    tipo: q.tipo,
    opciones: q.tipo === 'unica' || q.tipo === 'multiple' ? q.opciones.map((o) => o.Texto) : [],
    maximo: q.maximo,
  }));
