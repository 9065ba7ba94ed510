// Issue 4: guests and visitor passes. Access points, events, guest links (event, user, condo) and passes.
// Portable like 0001: ids through createTableWithId(), ISO-8601 text timestamps, 0/1 flags.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // Where guests come in: the gates of a condominium, with coordinates for a map link.
  await createTableWithId(db, 'access_points')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    /** "latitude,longitude". */
    .addColumn('coordinates', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_points_condo').on('access_points').column('condo_id').execute();

  // What a condominium asks of its guests, and its regulation link (shown on passes).
  await createTableWithId(db, 'guest_settings')
    .addColumn('condo_id', 'integer', (c) => c.notNull().unique().references('condominiums.id').onDelete('cascade'))
    .addColumn('ask_access', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ask_plates', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('regulation_url', 'text')
    .execute();

  // Events residents invite guests to. guest_count and vehicle_count move only through one conditional
  // UPDATE (domain/guests/guests.ts), which is how the limits hold when guests race for the last place.
  await createTableWithId(db, 'events')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('host_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('companions_allowed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('guest_limit', 'integer')
    .addColumn('vehicle_limit', 'integer')
    .addColumn('guest_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vehicle_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('activo'))
    .addColumn('access_point_id', 'integer', (c) => c.references('access_points.id').onDelete('set null'))
    .addColumn('visitor_note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_condo').on('events').columns(['condo_id', 'starts_at']).execute();

  // Registration links: type event (event_id), user (user_id, the resident who invites) or condo.
  await createTableWithId(db, 'guest_links')
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('guest_links_condo').on('guest_links').column('condo_id').execute();

  // Visitor passes. dias_acceso is a JSON list of weekday names; dates YYYY-MM-DD and hours HH:mm in the
  // condominium's time zone.
  await createTableWithId(db, 'passes')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('qr', 'text', (c) => c.notNull().unique())
    .addColumn('manual_key', 'text', (c) => c.notNull())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('telefono', 'text')
    .addColumn('dias_acceso', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('fecha_inicio', 'text')
    .addColumn('fecha_fin', 'text')
    .addColumn('hora_inicio', 'text')
    .addColumn('hora_fin', 'text')
    .addColumn('nota_visitante', 'text')
    .addColumn('nombre_infante', 'text')
    .addColumn('host_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('apartment_id', 'integer', (c) => c.references('apartments.id').onDelete('set null'))
    .addColumn('guest_link_id', 'integer', (c) => c.references('guest_links.id').onDelete('set null'))
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('companions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('forma_de_acceso', 'text', (c) => c.notNull().defaultTo('pie'))
    .addColumn('placas', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('passes_condo_key').on('passes').columns(['condo_id', 'manual_key']).unique().execute();
  await db.schema.createIndex('passes_host').on('passes').column('host_user_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('passes').execute();
  await db.schema.dropTable('guest_links').execute();
  await db.schema.dropTable('events').execute();
  await db.schema.dropTable('guest_settings').execute();
  await db.schema.dropTable('access_points').execute();
}
