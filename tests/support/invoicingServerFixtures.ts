// A condominium set up to invoice, written straight into the database (the set-up screens have their own
// tests): an issuer with the test CSD and some stamps, a client linked to a dwelling, the default maintenance
// product, and a draft for the dwelling's first charge. Each call makes its own client and uses a dwelling
// no other call of the file used, so tests do not see each other's invoices by accident.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sealSecret } from '../../server/domain/shared/vault';
import type { ConceptDraft, InvoiceDraft } from '../../src/api/invoicing';
import { foldForSearch } from '../../src/api/search';
import { TEST_CSD_LEGAL_NAME, TEST_CSD_NO_CERTIFICADO, TEST_CSD_RFC, testCsd } from './testCsd';

export const condoIdOf = async (app: FastifyInstance, subdomain: string) =>
  (await app.db.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirstOrThrow()).id;

export interface InvoicingSetup {
  condoId: number;
  issuerId: number;
  clientId: number;
  apartmentId: number;
  chargeId: number;
  chargeCents: number;
  accountId: number;
  productId: number;
}

const used = new Map<number, Set<number>>();

/** The condominium's issuer (made once per condominium, in mode `mode`), with `stamps` more stamps credited. */
export async function ensureIssuer(
  app: FastifyInstance,
  condoId: number,
  options: { stamps?: number; mode?: 'A' | 'M' } = {},
): Promise<number> {
  const db = app.db;
  const now = new Date().toISOString();
  let issuer = await db
    .selectFrom('invoicing_issuers')
    .select('id')
    .where('condo_id', '=', condoId)
    .where('rfc', '=', TEST_CSD_RFC)
    .executeTakeFirst();
  if (!issuer) {
    const { cer, key, password } = testCsd();
    issuer = await db
      .insertInto('invoicing_issuers')
      .values({
        condo_id: condoId,
        rfc: TEST_CSD_RFC,
        razon_social: TEST_CSD_LEGAL_NAME,
        regimen_fiscal: '601',
        lugar_expedicion: '42501',
        serie: 'F',
        next_folio: 1,
        mode: options.mode ?? 'M',
        csd_cer: cer,
        csd_key: key,
        csd_password_sealed: await sealSecret(db, app.clock, 'csd-vault', password),
        csd_no_certificado: TEST_CSD_NO_CERTIFICADO,
        csd_valid_from: '2023-01-01T00:00:00.000Z',
        csd_valid_to: '2031-01-01T00:00:00.000Z',
        stamps_available: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  if (options.mode) await db.updateTable('invoicing_issuers').set({ mode: options.mode }).where('id', '=', issuer.id).execute();
  if (options.stamps) await creditStamps(app, condoId, issuer.id, options.stamps);
  return issuer.id;
}

export async function creditStamps(app: FastifyInstance, condoId: number, issuerId: number, stamps: number) {
  await app.db
    .updateTable('invoicing_issuers')
    .set((eb) => ({ stamps_available: eb('stamps_available', '+', stamps) }))
    .where('id', '=', issuerId)
    .execute();
  await app.db
    .insertInto('stamp_movements')
    .values({
      condo_id: condoId,
      issuer_id: issuerId,
      delta: stamps,
      kind: 'credit',
      cfdi_id: null,
      created_by: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export async function setStamps(app: FastifyInstance, issuerId: number, stamps: number) {
  await app.db.updateTable('invoicing_issuers').set({ stamps_available: stamps }).where('id', '=', issuerId).execute();
}

export async function stampsOf(app: FastifyInstance, issuerId: number) {
  return (
    await app.db.selectFrom('invoicing_issuers').select('stamps_available').where('id', '=', issuerId).executeTakeFirstOrThrow()
  ).stamps_available;
}

async function maintenanceProduct(app: FastifyInstance, condoId: number): Promise<number> {
  const found = await app.db
    .selectFrom('invoicing_products')
    .select('id')
    .where('condo_id', '=', condoId)
    .where('kind', '=', 'cuotaMantenimiento')
    .executeTakeFirst();
  if (found) return found.id;
  return (
    await app.db
      .insertInto('invoicing_products')
      .values({
        condo_id: condoId,
        name: 'Cuota de mantenimiento',
        clave_prod_serv: '80131500',
        clave_unidad: 'E48',
        unidad: 'Servicio',
        price_cents: 150000,
        objeto_imp: '02',
        iva: 'tasa16',
        kind: 'cuotaMantenimiento',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A maintenance charge for a dwelling of a condominium whose seed has none (Torres del Bosque). */
async function newCharge(app: FastifyInstance, condoId: number, busy: number[]) {
  const apartment = await app.db
    .selectFrom('apartments')
    .select('id')
    .where('condo_id', '=', condoId)
    .where('id', 'not in', busy)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return app.db
    .insertInto('dwelling_charges')
    .values({
      condo_id: condoId,
      apartment_id: apartment.id,
      concept: 'Cuota de mantenimiento',
      charged_on: '2026-11-01',
      due_on: '2026-11-10',
      amount_cents: 150000,
    })
    .returning(['id', 'apartment_id', 'amount_cents'])
    .executeTakeFirstOrThrow();
}

/** A fresh client linked to a dwelling with a charge no invoice covers yet, and the condominium's issuer. */
export async function invoicingSetup(
  app: FastifyInstance,
  subdomain = 'palmas',
  options: { stamps?: number; mode?: 'A' | 'M'; email?: string | null } = {},
): Promise<InvoicingSetup> {
  const db = app.db;
  const condoId = await condoIdOf(app, subdomain);
  const issuerId = await ensureIssuer(app, condoId, {
    stamps: options.stamps ?? 20,
    ...(options.mode ? { mode: options.mode } : {}),
  });
  const taken = used.get(condoId) ?? new Set<number>();
  used.set(condoId, taken);
  const linked = await db.selectFrom('invoicing_client_dwellings').select('apartment_id').execute();
  const busy = [0, ...taken, ...linked.map((l) => l.apartment_id)];
  const charge =
    (await db
      .selectFrom('dwelling_charges')
      .select(['id', 'apartment_id', 'amount_cents'])
      .where('condo_id', '=', condoId)
      .where('amount_cents', '>', 0)
      .where('apartment_id', 'not in', busy)
      .orderBy('apartment_id')
      .orderBy('id')
      .executeTakeFirst()) ?? (await newCharge(app, condoId, busy));
  taken.add(charge.apartment_id);
  const nombre = `CLIENTE PRUEBA ${randomUUID().slice(0, 8).toUpperCase()}`;
  const client = await db
    .insertInto('invoicing_clients')
    .values({
      condo_id: condoId,
      rfc: 'URE180429TM6',
      nombre,
      nombre_key: foldForSearch(nombre),
      regimen_fiscal: '601',
      domicilio_fiscal: '86991',
      uso_cfdi: 'G03',
      email: options.email === undefined ? 'cliente@example.mx' : options.email,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('invoicing_client_dwellings').values({ client_id: client.id, apartment_id: charge.apartment_id }).execute();
  const account =
    (await db.selectFrom('ledger_accounts').select('id').where('condo_id', '=', condoId).orderBy('id').executeTakeFirst()) ??
    (await db
      .insertInto('ledger_accounts')
      .values({ condo_id: condoId, name: 'Banco', kind: 'banco', opening_cents: 0, opened_on: '2026-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow());
  return {
    condoId,
    issuerId,
    clientId: client.id,
    apartmentId: charge.apartment_id,
    chargeId: charge.id,
    chargeCents: charge.amount_cents,
    accountId: account.id,
    productId: await maintenanceProduct(app, condoId),
  };
}

/** A concept of the maintenance product (IVA 16 %), optionally invoicing a dwelling's charge. */
export const maintenanceConcept = (valorUnitarioCents: number, chargeId?: number): ConceptDraft => ({
  ...(chargeId === undefined ? {} : { chargeId }),
  claveProdServ: '80131500',
  claveUnidad: 'E48',
  unidad: 'Servicio',
  descripcion: 'Cuota de mantenimiento',
  cantidad: '1',
  valorUnitarioCents,
  objetoImp: '02',
  iva: 'tasa16',
});

/** The dwelling's charge invoiced to its client, PUE transfer or PPD por definir. */
export const dwellingDraft = (s: InvoicingSetup, metodoPago: 'PUE' | 'PPD' = 'PUE'): InvoiceDraft => ({
  issuerId: s.issuerId,
  clientId: s.clientId,
  apartmentId: s.apartmentId,
  metodoPago,
  formaPago: metodoPago === 'PPD' ? '99' : '03',
  moneda: 'MXN',
  concepts: [maintenanceConcept(s.chargeCents, s.chargeId)],
});

export const draftKey = () => `k-${randomUUID()}`;
