// A resident moves out of a dwelling: the residency goes (their posts, payments and requests stay, they point
// at the person and the dwelling, not at the residency), with an audit row keeping what it was. When they hold
// no other dwelling and no staff or board role here, their membership becomes inactive. Either way their
// sessions in this condominium end at once: what they may see has changed.
import type { Kysely } from 'kysely';
import type { HistoryAction, HistoryEntity } from '../../../src/api/history';
import type { MoveOutAnswer } from '../../../src/api/invitations';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { type AuditValues, recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { asKind, notFoundRefusal, rolesOf } from './rows';

export async function moveOut(db: Kysely<Database>, clock: Clock, auth: Auth, residencyId: number): Promise<MoveOutAnswer> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .select([
        'r.id',
        'r.apartment_id',
        'r.kind',
        'm.id as membership_id',
        'm.user_id',
        'm.active',
        'm.is_admin',
        'm.is_board',
        'm.is_employee',
        'm.is_guard',
        'm.is_supervisor',
      ])
      .where('r.id', '=', residencyId)
      .where('m.condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!row) throw notFoundRefusal('invitationsNotices.refusal.residentNotFound');
    const deleted = await trx.deleteFrom('residencies').where('id', '=', row.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw notFoundRefusal('invitationsNotices.refusal.residentNotFound');
    const audit = <B extends object, A extends object = never>(
      entity: HistoryEntity,
      entityId: number,
      action: HistoryAction,
      before: AuditValues<B>,
      after?: AuditValues<A>,
    ) => recordAudit(trx, { condoId: auth.condoId, actorUserId: auth.userId, entity, entityId, action, before, after, at: now });
    await audit('residency', row.id, 'delete', {
      membershipId: row.membership_id,
      userId: row.user_id,
      ApmtId: row.apartment_id,
      kind: asKind(row.kind),
    });

    const others = await trx
      .selectFrom('residencies')
      .select('id')
      .where('membership_id', '=', row.membership_id)
      .executeTakeFirst();
    const membershipEnded = !others && rolesOf(row).length === 0 && row.active === 1;
    if (membershipEnded) {
      await trx.updateTable('memberships').set({ active: 0 }).where('id', '=', row.membership_id).execute();
      await audit('membership', row.membership_id, 'update', { active: 1 }, { active: 0 });
    }
    // Every session, product token and bridge token of the person in this condominium.
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', row.user_id)
      .where('condo_id', '=', auth.condoId)
      .where('revoked_at', 'is', null)
      .execute();
    return { success: true as const, membershipEnded };
  });
}
