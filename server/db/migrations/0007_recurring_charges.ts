// Recurring charges (domiciliations, spec §3.3 Recurring charge) and the payment-provider contact
// requests (spec §3.3 Provider contact form). Portable like 0001–0005: integer cents, ISO text dates.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // A member's standing order to charge a card for a dwelling's fees, up to a monthly limit.
  await createTableWithId(db, 'recurring_charges')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.references('apartments.id').onDelete('set null'))
    .addColumn('descripcion', 'text', (c) => c.notNull())
    // The monthly limit, integer cents of MXN, above 0.
    .addColumn('monto_cents', 'integer', (c) => c.notNull())
    .addColumn('frecuencia', 'text', (c) => c.notNull())
    .addColumn('metodo_pago', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Set when the member cancels it; a cancelled charge is kept for the record and never listed.
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema
    .createIndex('recurring_charges_owner')
    .on('recurring_charges')
    .columns(['condo_id', 'user_id', 'cancelled_at'])
    .execute();

  // What an administrator asked the payment provider for: a meeting ('agendar') or a call ('llamar').
  await createTableWithId(db, 'provider_contact_requests')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tab', 'text', (c) => c.notNull())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('telefono', 'text', (c) => c.notNull())
    // 'whatsapp' or 'llamada' for a call; null for a meeting.
    .addColumn('prefiere_contacto', 'text')
    // YYYY-MM-DD and '9:00' | '10:00' | '11:00'.
    .addColumn('fecha_contacto', 'text', (c) => c.notNull())
    .addColumn('horario_tentativo', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('provider_contact_requests_condo_created')
    .on('provider_contact_requests')
    .columns(['condo_id', 'created_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('provider_contact_requests').execute();
  await db.schema.dropTable('recurring_charges').execute();
}
