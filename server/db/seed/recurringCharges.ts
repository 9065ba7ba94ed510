// Recurring charges (domiciliations) of the demo: in the one condominium that has the feature (Las Palmas,
// AUTOMATIC_CHARGES_CONDO_ID), every member with a dwelling pays its maintenance fee by card; every third
// one also pays the reserve fund that way. Deterministic: the same rows on every load, dated relative to
// the clock.
import type { Insertable, Transaction } from 'kysely';
import { AUTOMATIC_CHARGES_CONDO_ID } from '../../../src/api/permissions';
import type { Clock } from '../../domain/clock';
import type { Database, RecurringChargeTable } from '../schema';

const CARDS = ['Tarjeta de crédito', 'Tarjeta de débito'] as const;

/** Monthly maintenance limit by where the dwelling is: towers pay by the floor, houses more. */
function maintenanceCents(towerName: string | null, aptName: string): number {
  if (towerName === null) return 245_000;
  const floor = Math.max(1, Math.floor(Number(aptName.replace(/\D/g, '')) / 100));
  return 150_000 + floor * 5_000;
}

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
      monto_cents: maintenanceCents(payer.tower_name, payer.apt_name),
    });
    if (index % 3 === 0) rows.push({ ...common, descripcion: `Fondo de reserva ${dwelling}`, monto_cents: 35_000 });
  });
  if (rows.length) await trx.insertInto('recurring_charges').values(rows).execute();
}
