// E-invoicing demo (issue 17): Las Palmas's billing catalogue (the four default products) and two clients
// linked to their dwellings. No issuer: setting one up with the synthetic test CSD is part of what the e2e
// walks (datos-generales), and a new issuer brings its own courtesy stamps.
//
// Torres del Bosque has no ledger, and nothing but a confirmed reservation posts a charge: so that crear-factura
// can invoice a dwelling's charges there (its browser walk, tests/e2e/createInvoiceMachine.walk.spec.ts, works in
// Bosque to stay out of invoicing.spec's way in Las Palmas), three dwellings of Torre Sur owe this month's fee.
import type { Transaction } from 'kysely';
import { foldForSearch } from '../../../src/api/search';
import { ensureDefaultProducts } from '../../domain/invoicing/products';
import { inZone } from '../../domain/shared/zonedTime';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';
import { DEMO_ACCOUNTS } from './demoFacts';
import { DUE_DAY, MONTH_NAMES } from './ledger';

/** Two receivers, each the owner of a demo account's dwelling (synthetic RFC of the right shape). */
export const DEMO_INVOICING_CLIENTS = [
  {
    email: 'residente@demo.mx',
    dwelling: 'Torre A/101',
    rfc: 'HEDR850312QX4',
    regimenFiscal: '612',
    domicilioFiscal: '45110',
    usoCfdi: 'G03',
  },
  {
    email: 'consejo@demo.mx',
    dwelling: 'Torre B/502',
    rfc: 'RASC760518KA2',
    regimenFiscal: '626',
    domicilioFiscal: '45116',
    usoCfdi: 'G03',
  },
] as const;

/** Torres del Bosque's dwellings that owe this month's maintenance fee (unpaid, not invoiced), and the fee. */
export const DEMO_BOSQUE_CHARGES = {
  dwellings: ['Torre Sur/101', 'Torre Sur/102', 'Torre Sur/103'],
  cents: 175_000,
} as const;

/** The concept of a month's fee, as the ledger words it ("Cuota de mantenimiento noviembre 2026"). */
export const monthlyFeeConcept = (date: string) =>
  `Cuota de mantenimiento ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

async function seedBosqueCharges(trx: Transaction<Database>, clock: Clock): Promise<void> {
  const condo = await trx
    .selectFrom('condominiums')
    .select(['id', 'time_zone'])
    .where('subdomain', '=', 'bosque')
    .executeTakeFirst();
  if (!condo) return;
  const month = inZone(clock.now(), condo.time_zone).date.slice(0, 8);
  for (const dwelling of DEMO_BOSQUE_CHARGES.dwellings) {
    const [towerName, dwellingName] = dwelling.split('/') as [string, string];
    const apartment = await trx
      .selectFrom('apartments as a')
      .innerJoin('towers as t', 't.id', 'a.tower_id')
      .select('a.id')
      .where('a.condo_id', '=', condo.id)
      .where('t.name', '=', towerName)
      .where('a.name', '=', dwellingName)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('dwelling_charges')
      .values({
        condo_id: condo.id,
        apartment_id: apartment.id,
        concept: monthlyFeeConcept(`${month}01`),
        charged_on: `${month}01`,
        due_on: `${month}${String(DUE_DAY).padStart(2, '0')}`,
        amount_cents: DEMO_BOSQUE_CHARGES.cents,
      })
      .execute();
  }
}

export async function seedInvoicing(trx: Transaction<Database>, clock: Clock): Promise<void> {
  await seedBosqueCharges(trx, clock);
  const condo = await trx.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirst();
  if (!condo) return;
  const now = clock.now();
  await ensureDefaultProducts(trx, condo.id, null, now);
  for (const client of DEMO_INVOICING_CLIENTS) {
    const account = DEMO_ACCOUNTS.find((a) => a.email === client.email)!;
    const [towerName, dwellingName] = client.dwelling.split('/') as [string, string];
    const apartment = await trx
      .selectFrom('apartments as a')
      .innerJoin('towers as t', 't.id', 'a.tower_id')
      .select('a.id')
      .where('a.condo_id', '=', condo.id)
      .where('t.name', '=', towerName)
      .where('a.name', '=', dwellingName)
      .executeTakeFirstOrThrow();
    // The SAT writes names in capitals without accents (the constancia de situación fiscal).
    const nombre = account.name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    const { id } = await trx
      .insertInto('invoicing_clients')
      .values({
        condo_id: condo.id,
        rfc: client.rfc,
        nombre,
        nombre_key: foldForSearch(nombre),
        regimen_fiscal: client.regimenFiscal,
        domicilio_fiscal: client.domicilioFiscal,
        uso_cfdi: client.usoCfdi,
        email: client.email,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('invoicing_client_dwellings').values({ client_id: id, apartment_id: apartment.id }).execute();
  }
}
