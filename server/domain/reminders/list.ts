// Who was reminded (src/api/reminders.ts SentReminder), newest first, for the administrators' screen: the
// dwelling, the kind, what it owed and since when, how many people were told, and a resident's phone for the
// WhatsApp message (the first resident who gave one in mi-perfil).
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import type { ReminderKind, ReminderListQuery, SentReminder } from '../../../src/api/reminders';
import type { Database } from '../../db/schema';
import type { Auth } from '../shared/auth';

export const REMINDERS_PAGE_SIZE = 20;

export async function listReminders(
  db: Kysely<Database>,
  auth: Auth,
  query: ReminderListQuery,
): Promise<{ items: SentReminder[]; total: number }> {
  let base = db
    .selectFrom('payment_reminders as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .where('r.condo_id', '=', auth.condoId);
  if (query.vivienda) base = base.where('r.apartment_id', '=', query.vivienda);
  const rows = await base
    .select([
      'r.id',
      'r.apartment_id',
      'r.kind',
      'r.sent_on',
      'r.owed_cents',
      'r.due_on',
      'r.charges',
      'r.recipients',
      'a.name',
      't.name as tower',
    ])
    .orderBy('r.id', 'desc')
    .limit(query.limit ?? REMINDERS_PAGE_SIZE)
    .offset(query.offset ?? 0)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const phones = await phonesOf(
    db,
    auth.condoId,
    rows.map((r) => r.apartment_id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      apartmentId: r.apartment_id,
      vivienda: dwellingName(r.tower, r.name),
      kind: r.kind as ReminderKind,
      sentOn: r.sent_on,
      owedCents: Number(r.owed_cents),
      dueOn: r.due_on,
      charges: Number(r.charges),
      recipients: Number(r.recipients),
      phone: phones.get(r.apartment_id) ?? null,
    })),
    total: Number(count.n),
  };
}

/** The first phone given by an active resident of each dwelling. */
async function phonesOf(db: Kysely<Database>, condoId: number, apartmentIds: readonly number[]) {
  const phones = new Map<number, string>();
  const ids = [...new Set(apartmentIds)];
  if (ids.length === 0) return phones;
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['r.apartment_id', 'u.phone'])
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .where('r.apartment_id', 'in', ids)
    .where('u.phone', 'is not', null)
    .orderBy('m.user_id')
    .execute();
  for (const row of rows) if (row.phone && !phones.has(row.apartment_id)) phones.set(row.apartment_id, row.phone);
  return phones;
}
