// From the browser's InvoiceDraft (ids and amounts) to the engine's concepts and receiver, read from the
// database in this condominium only (another condominium's client, dwelling or charge is 404). A concept that
// invoices a dwelling's charge takes the charge's amount, and a charge a vigente CFDI covers is refused.
import type { Kysely } from 'kysely';
import { type ConceptDraft, type InvoiceDraft, PUBLICO_EN_GENERAL } from '../../../../src/api/invoicing';
import type { Database } from '../../../db/schema';
import { notFound } from '../../../errors';
import type { CfdiConcept, CfdiReceiver } from '../cfdi/types';
import { conflict } from './refusals';

export async function loadClient(db: Kysely<Database>, condoId: number, clientId: number) {
  const client = await db
    .selectFrom('invoicing_clients')
    .selectAll()
    .where('id', '=', clientId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!client) throw notFound();
  return client;
}

/** The receiver as the CFDI names it; público en general takes the issuer's postal code (Anexo 20 guide). */
export function receiverOf(
  client: { rfc: string; nombre: string; domicilio_fiscal: string; regimen_fiscal: string; uso_cfdi: string },
  lugarExpedicion: string,
): CfdiReceiver {
  const publico = client.rfc === PUBLICO_EN_GENERAL.rfc;
  return {
    rfc: client.rfc,
    nombre: publico ? PUBLICO_EN_GENERAL.nombre : client.nombre,
    domicilioFiscal: publico ? lugarExpedicion : client.domicilio_fiscal,
    regimenFiscal: publico ? PUBLICO_EN_GENERAL.regimenFiscal : client.regimen_fiscal,
    usoCfdi: publico ? PUBLICO_EN_GENERAL.usoCfdi : client.uso_cfdi,
  };
}

export async function issuerOf(db: Kysely<Database>, condoId: number, issuerId: number) {
  const issuer = await db
    .selectFrom('invoicing_issuers')
    .selectAll()
    .where('id', '=', issuerId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!issuer) throw notFound();
  return issuer;
}

const toConcept = (c: ConceptDraft): CfdiConcept => ({
  claveProdServ: c.claveProdServ,
  cantidad: c.cantidad,
  claveUnidad: c.claveUnidad,
  ...(c.unidad ? { unidad: c.unidad } : {}),
  descripcion: c.descripcion,
  valorUnitarioCents: c.valorUnitarioCents,
  ...(c.descuentoCents ? { descuentoCents: c.descuentoCents } : {}),
  objetoImp: c.objetoImp,
  iva: c.objetoImp === '02' ? c.iva : null,
});

/** Concepts checked against the condominium: a charge is the draft's dwelling's, not yet invoiced, at its amount. */
export async function conceptsOf(
  db: Kysely<Database>,
  condoId: number,
  concepts: readonly ConceptDraft[],
  apartmentId: number | undefined,
): Promise<{ concepts: CfdiConcept[]; chargeIds: number[] }> {
  const chargeIds: number[] = [];
  const out: CfdiConcept[] = [];
  for (const draft of concepts) {
    const concept = toConcept(draft);
    if (draft.chargeId !== undefined) {
      const charge = await db
        .selectFrom('dwelling_charges')
        .select(['id', 'apartment_id', 'amount_cents'])
        .where('id', '=', draft.chargeId)
        .where('condo_id', '=', condoId)
        .executeTakeFirst();
      if (!charge) throw notFound();
      if (apartmentId !== undefined && charge.apartment_id !== apartmentId) throw conflict('chargeInvoiced');
      if (await chargeInvoiced(db, charge.id)) throw conflict('chargeInvoiced');
      concept.cantidad = '1';
      concept.valorUnitarioCents = charge.amount_cents;
      chargeIds.push(charge.id);
    }
    out.push(concept);
  }
  return { concepts: out, chargeIds };
}

export async function chargeInvoiced(db: Kysely<Database>, chargeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('cfdi_links as l')
    .innerJoin('cfdis as c', 'c.id', 'l.cfdi_id')
    .select('c.id')
    .where('l.charge_id', '=', chargeId)
    .where('c.status', '=', 'vigente')
    .executeTakeFirst();
  return row !== undefined;
}

export async function checkDwelling(db: Kysely<Database>, condoId: number, apartmentId: number | undefined): Promise<void> {
  if (apartmentId === undefined) return;
  const apartment = await db
    .selectFrom('apartments')
    .select('id')
    .where('id', '=', apartmentId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!apartment) throw notFound('errors.notFound.dwelling');
}

export type InvoiceDraftInput = InvoiceDraft;
