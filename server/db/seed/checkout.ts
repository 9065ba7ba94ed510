// The demo's online payments (issue 27): Las Palmas's settings (DEMO_PAYMENT_SETTINGS), the sandbox provider into
// its operating account. No checkout is made here: residents make them.
import type { Transaction } from 'kysely';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';
import { DEMO_CONDOS, DEMO_PAYMENT_SETTINGS } from './demoFacts';

export async function seedCheckout(trx: Transaction<Database>, clock: Clock): Promise<void> {
  const settings = DEMO_PAYMENT_SETTINGS;
  const subdomain = DEMO_CONDOS.find((c) => c.key === settings.condo)!.row.subdomain;
  const condo = await trx.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirst();
  if (!condo) return;
  const account = await trx
    .selectFrom('ledger_accounts')
    .select('id')
    .where('condo_id', '=', condo.id)
    .where('name', '=', settings.account)
    .executeTakeFirst();
  if (!account) return;
  await trx
    .insertInto('payment_settings')
    .values({
      condo_id: condo.id,
      provider: 'sandbox',
      enabled: 1,
      fee_bearer: settings.feeBearer,
      card_fee_bp: settings.card.bp,
      card_fee_fixed_cents: settings.card.fixedCents,
      spei_fee_bp: settings.spei.bp,
      spei_fee_fixed_cents: settings.spei.fixedCents,
      oxxo_fee_bp: settings.oxxo.bp,
      oxxo_fee_fixed_cents: settings.oxxo.fixedCents,
      account_id: account.id,
      updated_at: clock.now().toISOString(),
    })
    .execute();
}
