// mi-perfil's directory choices: the person's phone (users.phone, the same in every condominium) and whether
// this condominium's directory shows it and their e-mail (memberships.directory_show_*, per condominium).
import type { Kysely } from 'kysely';
import { type MyContact, normalizePhone, type SaveMyContactRequest } from '../../../src/api/directory';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Auth } from '../shared/auth';

export async function readMyContact(db: Kysely<Database>, auth: Auth): Promise<MyContact> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.phone', 'm.directory_show_phone', 'm.directory_show_email'])
    .where('m.id', '=', auth.membershipId)
    .executeTakeFirstOrThrow();
  return { phone: row.phone ?? '', showPhone: row.directory_show_phone === 1, showEmail: row.directory_show_email === 1 };
}

export async function saveMyContact(db: Kysely<Database>, auth: Auth, request: SaveMyContactRequest): Promise<MyContact> {
  const typed = request.phone.trim();
  const phone = typed === '' ? null : normalizePhone(typed);
  if (typed !== '' && phone === null) throw new AppError(400, ErrorCodes.badRequest, 'directory.error.phone', 'phone');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ phone }).where('id', '=', auth.userId).execute();
    await trx
      .updateTable('memberships')
      .set({ directory_show_phone: request.showPhone ? 1 : 0, directory_show_email: request.showEmail ? 1 : 0 })
      .where('id', '=', auth.membershipId)
      .execute();
  });
  return readMyContact(db, auth);
}
