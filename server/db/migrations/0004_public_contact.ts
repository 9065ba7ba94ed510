// The public page's contact and access requests (spec §3.3 Public contact form) and the spent captcha
// challenges that make an ALTCHA solution single use. Portable like 0001–0003.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // What a visitor sent to a condominium's administration from its public page.
  await createTableWithId(db, 'public_contact_requests')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    // 'contact' (Contactar admin) or 'access' (Solicitar acceso).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('tel', 'text', (c) => c.notNull())
    .addColumn('comentarios', 'text', (c) => c.notNull())
    // The dwelling an access request is for; null for a contact request.
    .addColumn('vivienda', 'text')
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('public_contact_requests_condo_created')
    .on('public_contact_requests')
    .columns(['condo_id', 'created_at'])
    .execute();

  // Each captcha challenge's nonce once its solution has been accepted, kept until the challenge expires:
  // the unique nonce refuses a replayed solution in every server process.
  await createTableWithId(db, 'captcha_spent')
    .addColumn('nonce', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_spent_expires').on('captcha_spent').column('expires_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('captcha_spent').execute();
  await db.schema.dropTable('public_contact_requests').execute();
}
