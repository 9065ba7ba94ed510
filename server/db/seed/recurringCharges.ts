// Recurring charges (domiciliations) of the demo: in the one condominium that has the feature (Las Palmas,
// AUTOMATIC_CHARGES_CONDO_ID), every member with a dwelling pays its maintenance fee and its reserve fund by
// card. Deterministic: the same rows on every load, dated relative to
// the clock.
import type { Insertable, Transaction } from 'kysely';
import { AUTOMATIC_CHARGES_CONDO_ID } from '../../../src/api/permissions';
import type { Clock } from '../../infra/clock';
import type { Database, RecurringChargeTable } from '../schema';

const CARDS = ['Tarjeta de crédito', 'Tarjeta de débito'] as const;

/** Monthly maintenance limit: the same in both towers, more for a house. */
export const MAINTENANCE_CENTS = { tower: 185_000, house: 245_000 } as const;
/** The reserve fund every payer also domiciles. */
export const RESERVE_FUND_CENTS = 35_000;

export async function seedRecurringCharges(trx: Transaction<Database>, clock: Clock): Promise<void> {
  const condo = await trx.selectFrom('condominiums').select('id').where('id', '=', AUTOMATIC_CHARGES_CONDO_ID).executeTakeFirst();
  if (!condo) return;
  const payers = await trx
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['m.user_id', 'a.id as apartment_id', 'a.name as apt_name', 't.name as tower_name'])
    .where('m.condo_id', '=', condo.id)
    .where('m.is_employee', '=', 0)
    .where('m.is_guard', '=', 0)
    .orderBy('m.user_id')
    .orderBy('a.id')
    .execute();
  const now = clock.now().getTime();
  const rows: Insertable<RecurringChargeTable>[] = [];
  payers.forEach((payer, index) => {
    const dwelling = payer.tower_name ? `${payer.tower_name} - ${payer.apt_name}` : payer.apt_name;
    const created = new Date(now - (30 + ((index * 37) % 300)) * 86_400_000).toISOString();
    const card = `${CARDS[index % CARDS.length]} •••• ${String(1000 + ((payer.user_id * 7919) % 9000)).slice(-4)}`;
    const common = {
      condo_id: condo.id,
      user_id: payer.user_id,
      apartment_id: payer.apartment_id,
      frecuencia: 'Mensual',
      metodo_pago: card,
      created_at: created,
      updated_at: created,
      cancelled_at: null,
    };
    rows.push({
      ...common,
      descripcion: `Cuota de mantenimiento ${dwelling}`,
      monto_cents: payer.tower_name ? MAINTENANCE_CENTS.tower : MAINTENANCE_CENTS.house,
    });
    rows.push({ ...common, descripcion: `Fondo de reserva ${dwelling}`, monto_cents: RESERVE_FUND_CENTS });
  });
  if (rows.length) await trx.insertInto('recurring_charges').values(rows).execute();
}
