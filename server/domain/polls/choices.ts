// Whether a ballot's answers fit the poll's questions (POST vote): unica and sino exactly one option of the
// question, multiple 1 … maximo distinct options of it, abierta an optional text and no option; every question
// but abierta answered, each once. Anything else is 400 polls.error.invalidChoice, before anything is written.
import { ErrorCodes } from '../../../src/api/errors';
import type { PollQuestion, VoteChoice } from '../../../src/api/polls';
import { AppError } from '../../errors';

export const invalidChoice = (field = 'respuestas') =>
  new AppError(400, ErrorCodes.badRequest, 'polls.error.invalidChoice', field);

function fits(question: PollQuestion, answer: VoteChoice | undefined): boolean {
  if (question.tipo === 'abierta') return answer === undefined || answer.opciones.length === 0;
  if (!answer || answer.texto !== undefined) return false;
  const ids = answer.opciones;
  if (new Set(ids).size !== ids.length || !ids.every((id) => question.opciones.some((o) => o.id === id))) return false;
  if (question.tipo === 'multiple') return ids.length >= 1 && ids.length <= (question.maximo ?? 1);
  return ids.length === 1;
}

/** The answers in the questions' order, abierta ones without text dropped; 400 when they do not fit. */
export function checkChoices(questions: readonly PollQuestion[], answers: readonly VoteChoice[]): VoteChoice[] {
  const asked = new Set(questions.map((q) => q.id));
  const seen = new Set<number>();
  for (const [i, answer] of answers.entries()) {
    if (!asked.has(answer.preguntaId) || seen.has(answer.preguntaId)) throw invalidChoice(`respuestas.${i}`);
    seen.add(answer.preguntaId);
  }
  const kept: VoteChoice[] = [];
  for (const question of questions) {
    const answer = answers.find((a) => a.preguntaId === question.id);
    if (!fits(question, answer)) throw invalidChoice(answer ? `respuestas.${answers.indexOf(answer)}` : 'respuestas');
    if (!answer) continue;
    if (question.tipo === 'abierta') {
      const text = answer.texto?.trim() ?? '';
      if (text !== '') kept.push({ preguntaId: question.id, opciones: [], texto: text });
    } else kept.push({ preguntaId: question.id, opciones: [...answer.opciones] });
  }
  return kept;
}
