// Canned answers: texts agents keep to insert into a reply (any agent adds, changes and removes them).
import type { Kysely } from 'kysely';
import type { SupportCanned, SupportCannedSaveRequest } from '../../../src/api/support';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { DeskAuth } from './agents';

export async function cannedAnswers(db: Kysely<Database>): Promise<SupportCanned[]> {
  const rows = await db
    .selectFrom('support_canned')
    .select(['id', 'title', 'text', 'updated_at'])
    .orderBy('title')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, titulo: r.title, texto: r.text, actualizada: r.updated_at }));
}

/** A new answer (no id) or a change to one (404 when it is gone); answers the list. */
export async function saveCanned(db: Kysely<Database>, clock: Clock, auth: DeskAuth, request: SupportCannedSaveRequest) {
  const values = { title: request.titulo.trim(), text: request.texto.trim(), updated_at: clock.now().toISOString() };
  if (request.id === undefined) {
    await db
      .insertInto('support_canned')
      .values({ ...values, created_by: auth.agent.id })
      .execute();
  } else {
    const changed = await db.updateTable('support_canned').set(values).where('id', '=', request.id).executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) throw notFound('errors.notFound.resource');
  }
  return cannedAnswers(db);
}

/** Removes one (gone already: 404); answers the list. */
export async function deleteCanned(db: Kysely<Database>, id: number) {
  const removed = await db.deleteFrom('support_canned').where('id', '=', id).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound('errors.notFound.resource');
  return cannedAnswers(db);
}
