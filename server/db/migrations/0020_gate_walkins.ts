// Issue 26: walk-ins at the caseta (visitas sin pase). Portable like 0019: ids through createTableWithId(),
// ISO-8601 text timestamps. The guard asks a dwelling's residents whether to let somebody in; the first resident
// to answer decides the answer, and the guard's decision (entry or refusal) points at the movement it recorded.
// "No answer" is not a stored status only: it is read from expires_at when the row is read (no job needed).
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // status: asking | approved | refused | noAnswer | decided. reason: delivery | technician | guest | other.
  // answer: approve | refuse (the resident's). decision: entry | refusal, null until the guard decides. client_id: the id the caseta made, so a retried ask
  // (the network dropped after the server wrote it) asks once.
  await createTableWithId(db, 'gate_walkins')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('visitor_name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('people', 'integer', (c) => c.notNull())
    .addColumn('plates', 'text')
    .addColumn('asked_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('device_id', 'integer', (c) => c.references('gate_devices.id').onDelete('set null'))
    .addColumn('asked_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answered_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('answered_at', 'text')
    // approve | refuse: the resident's answer, kept once the guard decided (status then reads 'decided').
    .addColumn('answer', 'text')
    .addColumn('decision', 'text')
    .addColumn('movement_id', 'integer', (c) => c.references('gate_movements.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('gate_walkins_client').on('gate_walkins').columns(['condo_id', 'client_id']).unique().execute();
  // The residents' pending list: their dwellings' walk-ins still asking.
  await db.schema
    .createIndex('gate_walkins_dwelling_status')
    .on('gate_walkins')
    .columns(['condo_id', 'apartment_id', 'status'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('gate_walkins').execute();
}
