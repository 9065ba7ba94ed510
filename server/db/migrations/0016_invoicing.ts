// Issue 17: e-invoicing (CFDI 4.0). Issuers with their CSD, the billing catalogue, clients linked to dwellings,
// the CFDI themselves (XML kept as stamped), and the stamps ledger that each stamping consumes.
// Portable like 0013–0015: ids through createTableWithId(), ISO-8601 text timestamps, 0/1 flags, cents.
import { sql } from 'kysely';
import { bytesType, createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // An RFC the condominium invoices as. The CSD's key stays as uploaded (PKCS#8 DER, encrypted by the SAT's
  // password); the password is kept sealed with an app secret (server/domain/invoicing/csd/vault.ts), never in
  // clear. version: optimistic concurrency (DESIGN.md §8).
  await createTableWithId(db, 'invoicing_issuers')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('rfc', 'text', (c) => c.notNull())
    .addColumn('razon_social', 'text', (c) => c.notNull())
    .addColumn('regimen_fiscal', 'text', (c) => c.notNull())
    .addColumn('lugar_expedicion', 'text', (c) => c.notNull())
    .addColumn('serie', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('next_folio', 'integer', (c) => c.notNull().defaultTo(1))
    // 'A' automatic (a job invoices each recorded payment; 'Crear factura' hidden) or 'M' manual.
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('M'))
    .addColumn('csd_cer', bytesType(db))
    .addColumn('csd_key', bytesType(db))
    .addColumn('csd_password_sealed', 'text')
    .addColumn('csd_no_certificado', 'text')
    .addColumn('csd_valid_from', 'text')
    .addColumn('csd_valid_to', 'text')
    // The stamps available: the ledger's sum, kept here so the check-and-consume is one row lock
    // (a CHECK keeps it from going below zero whatever the code does).
    .addColumn('stamps_available', 'integer', (c) => c.notNull().defaultTo(0).check(sql`stamps_available >= 0`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoicing_issuers_rfc').unique().on('invoicing_issuers').columns(['condo_id', 'rfc']).execute();

  // Products and services with their SAT keys. kind names a condominium default (cuotaMantenimiento,
  // cuotaExtraordinaria, reservacion, multa) so a dwelling's charge finds its concept; null for the others.
  await createTableWithId(db, 'invoicing_products')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('clave_prod_serv', 'text', (c) => c.notNull())
    .addColumn('clave_unidad', 'text', (c) => c.notNull())
    .addColumn('unidad', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('objeto_imp', 'text', (c) => c.notNull())
    .addColumn('iva', 'text')
    .addColumn('kind', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('invoicing_products_condo').on('invoicing_products').columns(['condo_id', 'name']).execute();

  // Receivers. rfc is not unique: público en general (XAXX010101000) may appear under several names.
  await createTableWithId(db, 'invoicing_clients')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('rfc', 'text', (c) => c.notNull())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('nombre_key', 'text', (c) => c.notNull())
    .addColumn('regimen_fiscal', 'text', (c) => c.notNull())
    .addColumn('domicilio_fiscal', 'text', (c) => c.notNull())
    .addColumn('uso_cfdi', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoicing_clients_condo').on('invoicing_clients').columns(['condo_id', 'nombre_key']).execute();

  // A dwelling's payments invoice one client (its owner): one client per dwelling.
  await db.schema
    .createTable('invoicing_client_dwellings')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('invoicing_clients.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.primaryKey().references('apartments.id').onDelete('cascade'))
    .execute();

  // A stamped CFDI: I (ingreso, global when informacion_global), E or P (payment complement). The XML is the
  // one the PAC returned, byte for byte; the columns are what the report filters and sums.
  await createTableWithId(db, 'cfdis')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('invoicing_issuers.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('invoicing_clients.id'))
    .addColumn('apartment_id', 'integer', (c) => c.references('apartments.id').onDelete('set null'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('vigente'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('serie', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('folio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fecha', 'text', (c) => c.notNull())
    .addColumn('fecha_timbrado', 'text', (c) => c.notNull())
    .addColumn('metodo_pago', 'text')
    .addColumn('forma_pago', 'text')
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    // PPD invoices: what is left to pay; each payment complement lowers it. null for PUE and P.
    .addColumn('balance_cents', 'integer')
    .addColumn('is_global', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('xml', 'text', (c) => c.notNull())
    // The browser's key for the draft: a retried stamp request finds the CFDI it already made.
    .addColumn('draft_key', 'text', (c) => c.unique())
    // A payment complement's or an automatic invoice's ledger payment (dwelling_payments).
    .addColumn('payment_id', 'integer', (c) => c.references('dwelling_payments.id').onDelete('set null'))
    .addColumn('cancel_reason', 'text')
    .addColumn('replacement_uuid', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cfdis_condo_fecha').on('cfdis').columns(['condo_id', 'fecha']).execute();
  // One automatic invoice per payment: the job may run twice, the second insert fails and is a no-op.
  await db.schema.createIndex('cfdis_payment_type').unique().on('cfdis').columns(['payment_id', 'type']).execute();

  // Which invoices a CFDI relates to: a payment complement's paid invoices (with the parcialidad and the
  // amounts), a substitution's cancelled one, the dwelling charges an invoice covers.
  await createTableWithId(db, 'cfdi_links')
    .addColumn('cfdi_id', 'integer', (c) => c.notNull().references('cfdis.id').onDelete('cascade'))
    .addColumn('related_cfdi_id', 'integer', (c) => c.references('cfdis.id').onDelete('cascade'))
    .addColumn('charge_id', 'integer', (c) => c.references('dwelling_charges.id').onDelete('set null'))
    .addColumn('parcialidad', 'integer')
    .addColumn('amount_cents', 'integer')
    .execute();
  await db.schema.createIndex('cfdi_links_cfdi').on('cfdi_links').columns(['cfdi_id']).execute();
  await db.schema.createIndex('cfdi_links_related').on('cfdi_links').columns(['related_cfdi_id']).execute();
  await db.schema.createIndex('cfdi_links_charge').on('cfdi_links').columns(['charge_id']).execute();

  // The stamps ledger: credits (+) and stamps consumed (−); its sum per issuer is stamps_available.
  await createTableWithId(db, 'stamp_movements')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('invoicing_issuers.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('cfdi_id', 'integer', (c) => c.references('cfdis.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stamp_movements_issuer').on('stamp_movements').columns(['issuer_id', 'created_at']).execute();

  // solicitar-timbres: a package asked for, stored and e-mailed to the provider.
  await createTableWithId(db, 'stamp_requests')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('invoicing_issuers.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'stamp_requests',
    'stamp_movements',
    'cfdi_links',
    'cfdis',
    'invoicing_client_dwellings',
    'invoicing_clients',
    'invoicing_products',
    'invoicing_issuers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
