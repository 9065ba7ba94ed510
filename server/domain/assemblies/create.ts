// Creating an assembly (a draft): its agenda and its calls, checked beyond their shape (a place or a link, the
// calls in order, a qualified item's percent: assemblyDraftProblems), written with the history row in one
// transaction. The calls' times are the condominium's wall clock, stored as UTC.
import type { Kysely } from 'kysely';
import { type Assembly, type AssemblyDraft, assemblyDraftProblems } from '../../../src/api/assemblies';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { localToUtc, timeZoneOf } from '../shared/zonedTime';
import { assemblyAnswer } from './rows';

export async function createAssembly(db: Kysely<Database>, clock: Clock, auth: Auth, draft: AssemblyDraft): Promise<Assembly> {
  const problem = assemblyDraftProblems(draft)[0];
  if (problem) throw new AppError(400, ErrorCodes.badRequest, 'assemblies.refusal.badDraft', problem);
  const timeZone = await timeZoneOf(db, auth.condoId);
  const id = await db.transaction().execute(async (trx) => {
    const at = clock.now().toISOString();
    const title = draft.title.trim();
    const { id } = await trx
      .insertInto('assemblies')
      .values({
        condo_id: auth.condoId,
        kind: draft.kind,
        title,
        place: draft.place.trim(),
        video_link: draft.videoLink.trim(),
        state: 'draft',
        created_by: auth.userId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, item] of draft.items.entries()) {
      await trx
        .insertInto('assembly_items')
        .values({
          assembly_id: id,
          position,
          title: item.title.trim(),
          description: item.description.trim(),
          kind: item.kind,
          majority: item.majority,
          qualified_percent: item.majority === 'qualified' ? (item.qualifiedPercent ?? null) : null,
        })
        .execute();
    }
    for (const [index, call] of draft.calls.entries()) {
      await trx
        .insertInto('assembly_calls')
        .values({
          assembly_id: id,
          number: index + 1,
          starts_at: localToUtc(call.at, timeZone),
          percent: call.percent,
          strict: call.strict ? 1 : 0,
        })
        .execute();
    }
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'assembly',
      entityId: id,
      action: 'create',
      after: { title, kind: draft.kind, state: 'draft' },
      at,
    });
    return id;
  });
  return assemblyAnswer(db, { auth, manages: true }, id, timeZone);
}
