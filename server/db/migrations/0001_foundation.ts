// Condominiums, their people, sessions, permissions and sections. Written once for SQLite and PostgreSQL:
// only portable column types, and ids through createTableWithId().
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'condominiums')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subdomain', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('end_subscription', 'text')
    .addColumn('mostrar_ingresos', 'text', (c) => c.notNull().defaultTo('X'))
    .addColumn('display_directory', 'text', (c) => c.notNull().defaultTo('R'))
    .addColumn('tipo_descarga', 'text', (c) => c.notNull().defaultTo('pdf'))
    .addColumn('tipo_avisos', 'text', (c) => c.notNull().defaultTo('email'))
    .addColumn('aviso_privacidad', 'text')
    .addColumn('aviso_activo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('logo_file_name', 'text')
    .addColumn('admin_company', 'text')
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('country', 'text')
    .addColumn('phone1', 'text')
    .addColumn('phone2', 'text')
    .addColumn('phone_country1', 'text')
    .addColumn('phone_country2', 'text')
    .addColumn('mapa', 'text')
    .addColumn('publicidad', 'text')
    .addColumn('mas_informacion', 'text')
    .addColumn('background_color', 'text', (c) => c.notNull().defaultTo('gris'))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('America/Mexico_City'))
    .addColumn('login_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'towers')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('towers_condo_name', ['condo_id', 'name'])
    .execute();

  await createTableWithId(db, 'apartments')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('tower_id', 'integer', (c) => c.references('towers.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('apartments_condo').on('apartments').columns(['condo_id', 'tower_id']).execute();

  await createTableWithId(db, 'users')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('photo_file_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'memberships')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_board', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_employee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_guard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_supervisor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('privacy_accepted_at', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('es'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('memberships_user_condo', ['user_id', 'condo_id'])
    .execute();
  await db.schema.createIndex('memberships_condo').on('memberships').column('condo_id').execute();

  await createTableWithId(db, 'residencies')
    .addColumn('membership_id', 'integer', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addUniqueConstraint('residencies_member_apartment', ['membership_id', 'apartment_id'])
    .execute();
  await db.schema.createIndex('residencies_apartment').on('residencies').column('apartment_id').execute();

  await createTableWithId(db, 'sessions')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('condo_id', 'integer', (c) => c.references('condominiums.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await createTableWithId(db, 'user_permissions')
    .addColumn('membership_id', 'integer', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('clave', 'text', (c) => c.notNull())
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('activa', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('user_permissions_member_clave', ['membership_id', 'clave'])
    .execute();

  await createTableWithId(db, 'role_functions')
    .addColumn('membership_id', 'integer', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('funcion', 'text', (c) => c.notNull())
    .addColumn('tipo', 'integer', (c) => c.notNull())
    .addUniqueConstraint('role_functions_member_funcion', ['membership_id', 'funcion'])
    .execute();

  await createTableWithId(db, 'sections')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('graphic', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('posting', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('comments_display', 'text', (c) => c.notNull().defaultTo('Y'))
    .addColumn('vista_x_torre', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sol_privada', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('exclusiva_usuarios', 'text', (c) => c.notNull().defaultTo('N'))
    .addColumn('publico_privado', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tiempo_moroso', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ver_resultados', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enviar_copia', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mensaje_confirmacion', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sections_condo').on('sections').columns(['condo_id', 'position']).execute();

  await createTableWithId(db, 'section_users')
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addUniqueConstraint('section_users_section_user', ['section_id', 'user_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'section_users',
    'sections',
    'role_functions',
    'user_permissions',
    'sessions',
    'residencies',
    'memberships',
    'users',
    'apartments',
    'towers',
    'condominiums',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
