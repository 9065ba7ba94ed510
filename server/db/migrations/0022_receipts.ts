// Issue 27: every payment has a receipt. One payment_receipts row per dwelling_payments row (written with it by
// domain/shared/ledgerPayments.ts), with the condominium's next folio, a random URL-safe token that its public
// verification page (/recibo/{token}) looks it up by, how the money came in (method: 'registrado' for an
// administrator's record, 'factura' for a PPD invoice's payment; the online slices add 'tarjeta', 'spei', 'oxxo',
// 'transferencia') and, once cancelled, when and why. The payments recorded before this migration get theirs
// here: folios by condominium in paid_on then id order, dated the day they were paid (noon UTC: the moment the
// receipt was really made is not known).
import { randomBytes } from 'node:crypto';
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

const BATCH = 500;

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'payment_receipts')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('dwelling_payments.id').onDelete('cascade'))
    .addColumn('folio', 'integer', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('cancel_reason', 'text')
    .execute();
  // The folio is the condominium's own sequence; this index is also how the next one is found (max).
  await db.schema.createIndex('payment_receipts_folio').on('payment_receipts').columns(['condo_id', 'folio']).unique().execute();

  const payments: { id: number; condo_id: number; paid_on: string }[] = await db
    .selectFrom('dwelling_payments')
    .select(['id', 'condo_id', 'paid_on'])
    .orderBy('condo_id')
    .orderBy('paid_on')
    .orderBy('id')
    .execute();
  const folios = new Map<number, number>();
  const rows = payments.map((p) => {
    const folio = (folios.get(p.condo_id) ?? 0) + 1;
    folios.set(p.condo_id, folio);
    return {
      condo_id: p.condo_id,
      payment_id: p.id,
      folio,
      // 256 random bits, URL-safe: infra/tokens.ts newToken(), written out so the migration stays as it shipped.
      token: randomBytes(32).toString('base64url'),
      method: 'registrado',
      created_at: `${p.paid_on}T12:00:00.000Z`,
    };
  });
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('payment_receipts')
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('payment_receipts').execute();
}
