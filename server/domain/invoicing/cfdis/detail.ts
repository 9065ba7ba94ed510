// A CFDI as the report and the detail show it: the columns the report filters on, and what only the stamped
// XML knows (concepts, taxes, seals) read back from it. Another condominium's CFDI is 404.
import type { Kysely, Selectable } from 'kysely';
import type { CancelReason, CfdiDetail, CfdiStatus, CfdiSummary, CfdiType, MetodoPago } from '../../../../src/api/invoicing';
import type { CfdiTable, Database } from '../../../db/schema';
import { notFound } from '../../../errors';
import { computeTotals } from '../cfdi/amounts';
import { tfdCadenaOriginal } from '../cfdi/tfd';
import { verificationUrl } from '../cfdi/verificationUrl';
import { cfdiFacts } from './xmlFacts';

export type CfdiRow = Selectable<CfdiTable> & {
  issuer_rfc: string;
  client_rfc: string;
  client_name: string;
  apartment_name: string | null;
  tower_name: string | null;
};

/** The cfdis joined with what the summary names (issuer, client, dwelling). */
export const cfdiRows = (db: Kysely<Database>, condoId: number) =>
  db
    .selectFrom('cfdis as c')
    .innerJoin('invoicing_issuers as i', 'i.id', 'c.issuer_id')
    .innerJoin('invoicing_clients as k', 'k.id', 'c.client_id')
    .leftJoin('apartments as a', 'a.id', 'c.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .selectAll('c')
    .select([
      'i.rfc as issuer_rfc',
      'k.rfc as client_rfc',
      'k.nombre as client_name',
      'a.name as apartment_name',
      't.name as tower_name',
    ])
    .where('c.condo_id', '=', condoId);

export function summaryOf(row: CfdiRow): CfdiSummary {
  return {
    id: row.id,
    type: row.type as CfdiType,
    status: row.status as CfdiStatus,
    uuid: row.uuid,
    serie: row.serie,
    folio: row.folio,
    fecha: row.fecha,
    issuerRfc: row.issuer_rfc,
    clientId: row.client_id,
    clientRfc: row.client_rfc,
    clientName: row.client_name,
    metodoPago: (row.metodo_pago as MetodoPago | null) ?? null,
    totalCents: row.total_cents,
    balanceCents: row.balance_cents,
    dwelling:
      row.apartment_name === null ? null : row.tower_name ? `${row.tower_name} - ${row.apartment_name}` : row.apartment_name,
  };
}

export async function findCfdiRow(db: Kysely<Database>, condoId: number, id: number): Promise<CfdiRow> {
  const row = await cfdiRows(db, condoId).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row as CfdiRow;
}

/** The SAT verification URL of a stamped CFDI (the QR's). */
export function verificationOf(row: Pick<CfdiRow, 'xml' | 'uuid'>): string {
  const facts = cfdiFacts(row.xml);
  return verificationUrl({
    uuid: row.uuid,
    rfcEmisor: facts.issuer.rfc,
    rfcReceptor: facts.receiver.rfc,
    totalCents: facts.totalCents,
    sello: facts.sello,
  });
}

export async function cfdiDetail(db: Kysely<Database>, condoId: number, id: number): Promise<CfdiDetail> {
  const row = await findCfdiRow(db, condoId, id);
  const facts = cfdiFacts(row.xml);
  // Both directions: an invoice's payment complements, and a complement's (or substitution's) invoices.
  const related = await db
    .selectFrom('cfdi_links as l')
    .innerJoin('cfdis as c', (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb('l.cfdi_id', '=', id), eb('c.id', '=', eb.ref('l.related_cfdi_id'))]),
          eb.and([eb('l.related_cfdi_id', '=', id), eb('c.id', '=', eb.ref('l.cfdi_id'))]),
        ]),
      ),
    )
    .select(['c.id', 'c.uuid', 'c.type', 'c.total_cents'])
    .where('c.condo_id', '=', condoId)
    .orderBy('c.id')
    .execute();
  return {
    ...summaryOf(row),
    version: row.version,
    totals: computeTotals(facts.concepts),
    // The TFD's cadena (the one the printed representation carries); the CFDI's own is in its Sello.
    cadenaOriginal: tfdCadenaOriginal(facts.timbre),
    verificationUrl: verificationOf(row),
    concepts: facts.concepts.map((c) => ({
      descripcion: c.descripcion,
      cantidad: c.cantidad,
      valorUnitarioCents: c.valorUnitarioCents,
      importeCents: Math.round(Number(c.cantidad) * c.valorUnitarioCents),
    })),
    cancellation:
      row.status === 'cancelado' && row.cancel_reason
        ? { reason: row.cancel_reason as CancelReason, replacementUuid: row.replacement_uuid, at: row.cancelled_at ?? '' }
        : null,
    related: [...new Map(related.map((r) => [r.id, r])).values()].map((r) => ({
      id: r.id,
      uuid: r.uuid,
      type: r.type as CfdiType,
      totalCents: r.total_cents,
    })),
  };
}

export async function stampsAvailable(db: Kysely<Database>, issuerId: number): Promise<number> {
  const row = await db.selectFrom('invoicing_issuers').select('stamps_available').where('id', '=', issuerId).executeTakeFirst();
  return row?.stamps_available ?? 0;
}
