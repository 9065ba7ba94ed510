// Telling the resident who paid online how it ended (issue 27): paid, refused by the provider, or expired (the
// provider's event, or the expiry job). Only the person who made the checkout is told, in their language when they read it
// (shared/notify.ts keeps ids and values), from src/i18n/<lang>/checkoutNotices.json; opening it goes to the result
// page, condominio/financiero/pago/{id} (module 'pago', Props { checkoutId }). Called in the transaction that
// moves the checkout.
import type { Kysely } from 'kysely';
import type { CheckoutState } from '../../../src/api/checkout';
import { dwellingName } from '../../../src/api/dwellings';
import { formatMoney } from '../../../src/api/finance';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { notify } from '../shared/notify';

export type CheckoutOutcome = Extract<CheckoutState, 'pagado' | 'fallido' | 'expirado'>;

export interface NoticeCheckout {
  id: number;
  condo_id: number;
  apartment_id: number;
  user_id: number;
  amount_cents: number;
  total_cents: number;
}

export async function tellPayer(
  db: Kysely<Database>,
  clock: Clock,
  checkout: NoticeCheckout,
  outcome: CheckoutOutcome,
): Promise<void> {
  const dwelling = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.name', 't.name as tower'])
    .where('a.id', '=', checkout.apartment_id)
    .executeTakeFirstOrThrow();
  const values = {
    // Paid: what entered the dwelling's statement; otherwise what the resident was asked for.
    amount: formatMoney(Number(outcome === 'pagado' ? checkout.amount_cents : checkout.total_cents)),
    dwelling: dwellingName(dwelling.tower, dwelling.name),
  };
  await notify(db, clock, [checkout.user_id], {
    condoId: checkout.condo_id,
    title: { id: `checkoutNotices.notify.${outcome}.title` },
    text: { id: `checkoutNotices.notify.${outcome}.text`, values },
    modulo: 'pago',
    props: { checkoutId: checkout.id },
  });
}
