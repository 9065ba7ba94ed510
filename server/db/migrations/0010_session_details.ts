// Sessions learn an absolute end and where they were opened (issue 11 §6): absolute_expires_at caps the
// sliding idle expiry (SESSION_MAX_HOURS, REMEMBER_ME_MAX_DAYS), and the client's address and user agent
// at sign-in let "Sesiones activas" in mi-perfil tell one session from another.
import type { MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // '' sorts before every ISO-8601 time, so a row that somehow lacks an end is already over, never endless.
  await db.schema
    .alterTable('sessions')
    .addColumn('absolute_expires_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Sessions open before this version end at their current idle expiry at the latest: what signed them in
  // is not known, so no longer lifetime is granted to them.
  await db
    .updateTable('sessions')
    .set((eb) => ({ absolute_expires_at: eb.ref('expires_at') }))
    .execute();
  // Both null for rows from before this version, and for tokens that were not opened by a browser's call.
  await db.schema.alterTable('sessions').addColumn('client_address', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of ['user_agent', 'client_address', 'absolute_expires_at']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
