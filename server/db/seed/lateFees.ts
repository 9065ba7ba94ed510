// The demo's late-fee rule (recargos, issue 27): Las Palmas's (DEMO_LATE_FEE_RULE), active, and the daily job that
// applies it asked for. No fee is applied here: the job applies them when it runs. Its payment reminders
// (DEMO_REMINDERS) likewise: on, and the daily run asked for; none is sent here.
import type { Transaction } from 'kysely';
import { scheduleLateFeeJob } from '../../domain/lateFees/jobs';
import { scheduleReminderJob } from '../../domain/reminders/schedule';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';
import { DEMO_CONDOS, DEMO_LATE_FEE_RULE, DEMO_REMINDERS } from './demoFacts';

export async function seedLateFees(trx: Transaction<Database>, clock: Clock): Promise<void> {
  const subdomain = DEMO_CONDOS.find((c) => c.key === DEMO_LATE_FEE_RULE.condo)!.row.subdomain;
  const condo = await trx.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirst();
  if (!condo) return;
  const now = clock.now();
  await trx
    .insertInto('late_fee_rules')
    .values({
      condo_id: condo.id,
      kind: DEMO_LATE_FEE_RULE.kind,
      amount_cents: DEMO_LATE_FEE_RULE.amountCents,
      percent_bp: DEMO_LATE_FEE_RULE.percentBp,
      grace_days: DEMO_LATE_FEE_RULE.graceDays,
      cap_cents: DEMO_LATE_FEE_RULE.capCents,
      active: 1,
      updated_at: now.toISOString(),
      updated_by: null,
    })
    .execute();
  await scheduleLateFeeJob(trx, now);
  await trx
    .insertInto('reminder_settings')
    .values({
      condo_id: condo.id,
      enabled: 1,
      days_before: DEMO_REMINDERS.daysBefore,
      on_due: DEMO_REMINDERS.onDue ? 1 : 0,
      days_after: DEMO_REMINDERS.daysAfter,
      updated_at: now.toISOString(),
      updated_by: null,
    })
    .execute();
  await scheduleReminderJob(trx, now);
}
