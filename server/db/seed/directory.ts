// The directories' demo contacts (issue 16): a few Las Palmas people gave a phone in mi-perfil and chose what
// the directory shows, so it shows both shown and hidden contacts. DEMO_DIRECTORY in demoFacts.ts says who.
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { DEMO_DIRECTORY } from './demoFacts';

export async function seedDirectory(trx: Transaction<Database>): Promise<void> {
  const palmas = await trx.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow();
  for (const person of DEMO_DIRECTORY) {
    const user = await trx.selectFrom('users').select('id').where('email', '=', person.email).executeTakeFirstOrThrow();
    await trx.updateTable('users').set({ phone: person.phone }).where('id', '=', user.id).execute();
    await trx
      .updateTable('memberships')
      .set({ directory_show_phone: person.showPhone ? 1 : 0, directory_show_email: person.showEmail ? 1 : 0 })
      .where('user_id', '=', user.id)
      .where('condo_id', '=', palmas.id)
      .execute();
  }
}
