// The billing catalogue (facturacion-electronica): products and services with their SAT keys, price, tax object
// and IVA treatment. Saved against the version read (409 with the product now); deactivated, never deleted
// (an invoice may name it). Every change writes its audit row in the same transaction.
//
// The condominium's defaults (DEFAULT_PRODUCT_KINDS), a product choice an administrator may change:
// - cuota de mantenimiento and cuota extraordinaria: 72101507 "Servicio de mantenimiento de edificios", unit E48.
//   The fee pays the upkeep of the common property; the SAT's keys for rentals (80131500…) describe letting a
//   property, which a fee is not. ObjetoImp 01 (not subject): a residential condominium's fees are its owners'
//   contributions to the common expenses, not a sale of services (the SAT's own answer to a condominium's
//   consulta, art. 86 LISR); an administrator whose accountant says otherwise sets 02 and the IVA.
// - reservación de área común: 80131500 "Alquiler y arrendamiento de propiedades o edificaciones", unit E48,
//   ObjetoImp 02 at 16 %: letting a member use a common area for a while is a temporary use of a property.
// - multa: 01010101 "No existe en el catálogo" (no key describes a fine of a condominium's rules), ObjetoImp 01.
// Prices start at 0: the amount of an invoiced charge is the charge's.
import type { Kysely, Selectable } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  DEFAULT_PRODUCT_KINDS,
  type DefaultProductKind,
  type IvaTreatment,
  type ObjetoImp,
  type Product,
  type ProductDraft,
} from '../../../src/api/invoicing';
import type { Database, InvoicingProductTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';

type ProductFields = Omit<ProductDraft, 'id' | 'version'>;

export const DEFAULT_PRODUCTS: Record<DefaultProductKind, ProductFields> = {
  cuotaMantenimiento: {
    name: 'Cuota de mantenimiento',
    claveProdServ: '72101507',
    claveUnidad: 'E48',
    unidad: 'Servicio',
    priceCents: 0,
    objetoImp: '01',
    iva: null,
  },
  cuotaExtraordinaria: {
    name: 'Cuota extraordinaria',
    claveProdServ: '72101507',
    claveUnidad: 'E48',
    unidad: 'Servicio',
    priceCents: 0,
    objetoImp: '01',
    iva: null,
  },
  reservacion: {
    name: 'Reservación de área común',
    claveProdServ: '80131500',
    claveUnidad: 'E48',
    unidad: 'Servicio',
    priceCents: 0,
    objetoImp: '02',
    iva: 'tasa16',
  },
  multa: {
    name: 'Multa',
    claveProdServ: '01010101',
    claveUnidad: 'E48',
    unidad: 'Servicio',
    priceCents: 0,
    objetoImp: '01',
    iva: null,
  },
};

export function productAnswer(row: Selectable<InvoicingProductTable>): Product {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    claveProdServ: row.clave_prod_serv,
    claveUnidad: row.clave_unidad,
    unidad: row.unidad,
    priceCents: row.price_cents,
    objetoImp: row.objeto_imp as ObjetoImp,
    iva: (row.iva as IvaTreatment | null) ?? null,
    active: row.active === 1,
    kind: (DEFAULT_PRODUCT_KINDS as readonly string[]).includes(row.kind ?? '') ? (row.kind as DefaultProductKind) : null,
  };
}

const productNotFound = () => new AppError(404, ErrorCodes.notFound, 'invoicingErrors.notFound.product');
const staleProduct = (product: Product) =>
  new AppError(409, ErrorCodes.conflict, 'invoicingErrors.stale.product', undefined, { product });

export async function listProducts(db: Kysely<Database>, condoId: number): Promise<Product[]> {
  const rows = await db.selectFrom('invoicing_products').selectAll().where('condo_id', '=', condoId).execute();
  const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });
  return rows
    .map(productAnswer)
    .sort((a, b) => Number(b.active) - Number(a.active) || collator.compare(a.name, b.name) || a.id - b.id);
}

export async function productOf(db: Kysely<Database>, condoId: number, productId: number): Promise<Product> {
  const row = await db
    .selectFrom('invoicing_products')
    .selectAll()
    .where('id', '=', productId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!row) throw productNotFound();
  return productAnswer(row);
}

/** The product of a default kind (the active one first), e.g. to invoice a dwelling's maintenance fee. */
export async function productOfKind(db: Kysely<Database>, condoId: number, kind: DefaultProductKind): Promise<Product | null> {
  const rows = await db
    .selectFrom('invoicing_products')
    .selectAll()
    .where('condo_id', '=', condoId)
    .where('kind', '=', kind)
    .orderBy('active', 'desc')
    .orderBy('id')
    .execute();
  return rows[0] ? productAnswer(rows[0]) : null;
}

/** IVA is said only for a concept subject to tax (02), and must be said then. */
function refuseTaxMismatch(fields: Pick<ProductFields, 'objetoImp' | 'iva'>): void {
  if ((fields.objetoImp === '02') !== (fields.iva !== null))
    throw new AppError(400, ErrorCodes.badRequest, 'invoicingErrors.ivaTreatment', 'iva');
}

const productFacts = (p: ProductFields): ProductFields => ({
  name: p.name,
  claveProdServ: p.claveProdServ,
  claveUnidad: p.claveUnidad,
  unidad: p.unidad,
  priceCents: p.priceCents,
  objetoImp: p.objetoImp,
  iva: p.iva,
});

const productValues = (p: ProductFields) => ({
  name: p.name,
  clave_prod_serv: p.claveProdServ,
  clave_unidad: p.claveUnidad,
  unidad: p.unidad,
  price_cents: p.priceCents,
  objeto_imp: p.objetoImp,
  iva: p.iva,
});

/** Writes the default products the condominium lacks (by kind), inside the caller's transaction. */
export async function ensureDefaultProducts(
  trx: Kysely<Database>,
  condoId: number,
  actorUserId: number | null,
  now: Date,
): Promise<void> {
  const present = new Set(
    (
      await trx
        .selectFrom('invoicing_products')
        .select('kind')
        .where('condo_id', '=', condoId)
        .where('kind', 'is not', null)
        .execute()
    ).map((r) => r.kind),
  );
  for (const kind of DEFAULT_PRODUCT_KINDS) {
    if (present.has(kind)) continue;
    const fields = DEFAULT_PRODUCTS[kind];
    const { id } = await trx
      .insertInto('invoicing_products')
      .values({ condo_id: condoId, ...productValues(fields), kind })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      condoId,
      actorUserId,
      entity: 'invoicing_product',
      entityId: id,
      action: 'create',
      after: { ...productFacts(fields), kind },
      at: now,
    });
  }
}

export async function saveProduct(db: Kysely<Database>, clock: Clock, auth: Auth, draft: ProductDraft): Promise<Product> {
  const facts = productFacts({ ...draft, name: draft.name.trim(), unidad: draft.unidad.trim() });
  refuseTaxMismatch(facts);
  const at = clock.now().toISOString();
  const productId = await db.transaction().execute(async (trx) => {
    const before = draft.id === undefined ? null : await productOf(trx, auth.condoId, draft.id);
    if (before && before.version !== draft.version) throw staleProduct(before);
    const audit = { condoId: auth.condoId, actorUserId: auth.userId, entity: 'invoicing_product' as const, at };
    if (!before) {
      const { id } = await trx
        .insertInto('invoicing_products')
        .values({ condo_id: auth.condoId, ...productValues(facts), kind: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { ...audit, entityId: id, action: 'create', after: facts });
      return id;
    }
    const was = productFacts(before);
    if (JSON.stringify(was) === JSON.stringify(facts)) return before.id;
    // The version in the WHERE: a save that raced past the read above changes nothing and is told so.
    const updated = await trx
      .updateTable('invoicing_products')
      .set((eb) => ({ ...productValues(facts), version: eb('version', '+', 1) }))
      .where('id', '=', before.id)
      .where('version', '=', before.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw staleProduct(await productOf(trx, auth.condoId, before.id));
    await recordAudit(trx, { ...audit, entityId: before.id, action: 'update', before: was, after: facts });
    return before.id;
  });
  return productOf(db, auth.condoId, productId);
}

export async function setProductActive(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: { id: number; version: number; active: boolean },
): Promise<Product> {
  await db.transaction().execute(async (trx) => {
    const before = await productOf(trx, auth.condoId, request.id);
    if (before.version !== request.version) throw staleProduct(before);
    if (before.active === request.active) return;
    const updated = await trx
      .updateTable('invoicing_products')
      .set((eb) => ({ active: request.active ? 1 : 0, version: eb('version', '+', 1) }))
      .where('id', '=', before.id)
      .where('version', '=', before.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw staleProduct(await productOf(trx, auth.condoId, before.id));
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'invoicing_product',
      entityId: before.id,
      action: request.active ? 'reactivar' : 'desactivar',
      before: { activo: before.active },
      after: { activo: request.active },
      at: clock.now().toISOString(),
    });
  });
  return productOf(db, auth.condoId, request.id);
}
