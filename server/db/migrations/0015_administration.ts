// Issue 16: administration. People (towers and dwellings that can be deactivated, owners and tenants, e-mailed
// invitations, the access-request inbox), the directory choices of each person, and an index for historial.
// Portable like 0013/0014: ids through createTableWithId(), ISO-8601 text timestamps, 0/1 flags.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // Deactivated towers and dwellings stay (their charges, payments and history point at them) but are no
  // longer offered for new residents, charges or bookings.
  await db.schema
    .alterTable('towers')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('apartments')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // 'owner' (propietario) or 'tenant' (inquilino): polls count "one vote per dwelling" among owners.
  await db.schema
    .alterTable('residencies')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('owner'))
    .execute();

  // The phone a person gives in mi-perfil, and whether the directory shows it and their e-mail (hidden until
  // they choose to show them).
  await db.schema.alterTable('users').addColumn('phone', 'text').execute();
  await db.schema
    .alterTable('memberships')
    .addColumn('directory_show_phone', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('memberships')
    .addColumn('directory_show_email', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // An invitation to join a condominium: a resident of a dwelling (apartment_id and kind) or staff / board
  // (the role flags). The e-mailed link carries a token whose SHA-256 is token_hash; accepting it sets the
  // password (new users) and creates the membership, residency and permissions in one transaction.
  await createTableWithId(db, 'invitations')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('apartment_id', 'integer', (c) => c.references('apartments.id').onDelete('cascade'))
    .addColumn('kind', 'text')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_board', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_employee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_guard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_supervisor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('access_request_id', 'integer', (c) => c.references('public_contact_requests.id').onDelete('set null'))
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invitations_condo').on('invitations').columns(['condo_id', 'created_at']).execute();

  // The access-request inbox: what the administrator decided, when and with which message.
  await db.schema
    .alterTable('public_contact_requests')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pendiente'))
    .execute();
  // decided_by without a foreign key: SQLite cannot drop a column that is one (down()).
  await db.schema.alterTable('public_contact_requests').addColumn('decided_by', 'integer').execute();
  await db.schema.alterTable('public_contact_requests').addColumn('decided_at', 'text').execute();
  await db.schema.alterTable('public_contact_requests').addColumn('decision_message', 'text').execute();

  // historial reads a condominium's rows newest first, filtered by person and kind.
  await db.schema.createIndex('audit_log_condo_time').on('audit_log').columns(['condo_id', 'created_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('audit_log_condo_time').execute();
  for (const column of ['decision_message', 'decided_at', 'decided_by', 'status']) {
    await db.schema.alterTable('public_contact_requests').dropColumn(column).execute();
  }
  await db.schema.dropTable('invitations').execute();
  await db.schema.alterTable('memberships').dropColumn('directory_show_email').execute();
  await db.schema.alterTable('memberships').dropColumn('directory_show_phone').execute();
  await db.schema.alterTable('users').dropColumn('phone').execute();
  await db.schema.alterTable('residencies').dropColumn('kind').execute();
  await db.schema.alterTable('apartments').dropColumn('active').execute();
  await db.schema.alterTable('towers').dropColumn('active').execute();
}
