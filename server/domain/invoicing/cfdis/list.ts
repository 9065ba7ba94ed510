// listado-cfdis: the condominium's CFDI filtered by Fecha (local dates, inclusive), client, type and status,
// newest first, a page at a time, with the sums by type of the whole filtered set's vigentes.
import type { Kysely } from 'kysely';
import {
  CFDI_PAGE_SIZE,
  type CfdiList,
  type CfdiListQuery,
  type CfdiSummary,
  type CfdiType,
} from '../../../../src/api/invoicing';
import type { Database } from '../../../db/schema';
import { type CfdiRow, cfdiRows, summaryOf } from './detail';

/** The filtered rows' query (no paging), shared by the page, the CSV and the ZIP. */
export function filteredRows(db: Kysely<Database>, condoId: number, query: CfdiListQuery) {
  let rows = cfdiRows(db, condoId);
  // Fecha is YYYY-MM-DDTHH:mm:ss: "to" takes the whole day.
  if (query.from) rows = rows.where('c.fecha', '>=', `${query.from}T00:00:00`);
  if (query.to) rows = rows.where('c.fecha', '<=', `${query.to}T23:59:59`);
  if (query.clientId !== undefined) rows = rows.where('c.client_id', '=', query.clientId);
  if (query.type) rows = rows.where('c.type', '=', query.type);
  if (query.status) rows = rows.where('c.status', '=', query.status);
  return rows.orderBy('c.fecha', 'desc').orderBy('c.id', 'desc');
}

export async function allFiltered(db: Kysely<Database>, condoId: number, query: CfdiListQuery): Promise<CfdiRow[]> {
  return (await filteredRows(db, condoId, query).execute()) as CfdiRow[];
}

export async function listCfdis(db: Kysely<Database>, condoId: number, query: CfdiListQuery): Promise<CfdiList> {
  const limit = query.limit ?? CFDI_PAGE_SIZE;
  const offset = query.offset ?? 0;
  const page = (await filteredRows(db, condoId, query).limit(limit).offset(offset).execute()) as CfdiRow[];
  // The counts and sums are small (three types): read the filtered set's few columns and add them here.
  const all = await filteredRows(db, condoId, query).clearSelect().select(['c.type', 'c.status', 'c.total_cents']).execute();
  const sums = new Map<CfdiType, { type: CfdiType; count: number; totalCents: number }>();
  for (const row of all) {
    if (row.status !== 'vigente') continue;
    const type = row.type as CfdiType;
    const sum = sums.get(type) ?? { type, count: 0, totalCents: 0 };
    sum.count += 1;
    sum.totalCents += row.total_cents;
    sums.set(type, sum);
  }
  const items: CfdiSummary[] = page.map(summaryOf);
  return { items, total: all.length, sums: [...sums.values()].sort((a, b) => a.type.localeCompare(b.type)) };
}
