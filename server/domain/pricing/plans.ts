// The plans a condominium can subscribe to, for the pricing page (src/api/pricing.ts). Money stays in
// integer cents from the table to the browser, which formats it.
import type { Kysely } from 'kysely';
import { featureIsLive, isPlanFeature } from '../../../src/api/modules';
import type { Plan } from '../../../src/api/pricing';
import type { Database } from '../../db/schema';

/**
 * The feature list column: a JSON array of strings; anything else in it is left out. A feature code whose module is
 * not live today is left out too (the page sells only what the product does); a text that is no code stays.
 */
export function parseFeatures(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is string => typeof item === 'string')
      .filter((item) => !isPlanFeature(item) || featureIsLive(item));
  } catch {
    return [];
  }
}

/** Active plans in their position order (id breaks ties). The page sells in pesos only. */
export async function listActivePlans(db: Kysely<Database>): Promise<Plan[]> {
  const rows = await db
    .selectFrom('plans')
    .select(['code', 'name', 'description', 'monthly_price_cents', 'yearly_price_cents', 'max_dwellings', 'features'])
    .where('active', '=', 1)
    .where('currency', '=', 'MXN')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    description: row.description,
    // PostgreSQL's integer arrives as a number already; Number() keeps SQLite and pg alike.
    monthlyPrice: Number(row.monthly_price_cents),
    yearlyPrice: Number(row.yearly_price_cents),
    currency: 'MXN',
    maxDwellings: row.max_dwellings === null ? null : Number(row.max_dwellings),
    features: parseFeatures(row.features),
  }));
}
