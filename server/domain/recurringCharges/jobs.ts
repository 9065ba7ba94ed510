// The daily run of automatic charges (issue 27, "Cargos automáticos become real"; server/infra/scheduledJobs.ts,
// kind RECURRING_CHARGE_JOB at 15:00 UTC, shared/savedCards.ts). For each active recurring charge with a saved
// card: the day before a charge comes due its member is told ("Mañana cargaremos $X a tu tarjeta •••• 4242");
// on the due date and after, the dwelling's open charges due by today (first in, first out) are charged to the
// card, capped by the monthly limit less what was charged automatically this month, through paying online's
// checkout path (the charger is handed in by plugins/scheduledJobs.ts: this area does not import checkout). A
// declined charge is tried again the next two days for the same charges, then given up until a new charge comes
// due; the member is told after each try, by notification and mail (the outbox, sent only if the run commits).
// Nothing twice: the job's claim (one process per slot), the condominium's lock, and recurring_charge_runs'
// unique (apartment_id, run_on, kind): once per dwelling and day.
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import { formatMoney } from '../../../src/api/finance';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { queueMail } from '../../infra/mail/outbox';
import type { JobHandlers } from '../../infra/scheduledJobs';
import { wordsIn } from '../../messages';
import { lockCondo } from '../shared/condoLock';
import { openChargesOf } from '../shared/ledgerOpen';
import { mailPage, mailSubject, paragraph, sentenceWithLink } from '../shared/mailHtml';
import { notify } from '../shared/notify';
import { recipientLanguage } from '../shared/recipientLanguages';
import { cardLabel, nextRecurringChargeSlot, RECURRING_CHARGE_JOB, scheduleRecurringChargeJob } from '../shared/savedCards';
import { condoToday, localDate, timeZoneOf } from '../shared/zonedTime';

/** Tries of one charge (the due date's and the next two days'), then given up. */
export const CHARGE_TRIES = 3;

/** What charging a saved card answers (domain/checkout/savedCardCharges.ts, handed in). */
export interface AutomaticChargeResult {
  outcome: 'pagado' | 'fallido' | 'pendiente';
  reason: string | null;
  checkoutId: number | null;
  paymentId: number | null;
}
export type ChargeCard = (
  trx: Kysely<Database>,
  clock: Clock,
  request: {
    condoId: number;
    apartmentId: number;
    userId: number;
    recurringChargeId: number;
    card: { provider: string; token: string; customer: string | null };
    amountCents: number;
    key: string;
  },
) => Promise<AutomaticChargeResult>;

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface CardCharge {
  id: number;
  condo_id: number;
  user_id: number;
  apartment_id: number;
  monto_cents: number;
  provider: string;
  token: string;
  customer: string | null;
  brand: string;
  last4: string;
}

async function chargesWithCards(db: Kysely<Database>): Promise<CardCharge[]> {
  const rows = await db
    .selectFrom('recurring_charges as r')
    .innerJoin('saved_cards as s', 's.id', 'r.saved_card_id')
    .select([
      'r.id',
      'r.condo_id',
      'r.user_id',
      'r.apartment_id',
      'r.monto_cents',
      's.provider',
      's.token',
      's.customer',
      's.brand',
      's.last4',
    ])
    .where('r.cancelled_at', 'is', null)
    .where('s.removed_at', 'is', null)
    .where('r.apartment_id', 'is not', null)
    .orderBy('r.condo_id')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({ ...r, apartment_id: r.apartment_id!, monto_cents: Number(r.monto_cents) }));
}

type Notice = 'before' | 'paid' | 'declined' | 'gaveUp';

async function tellMember(
  trx: Kysely<Database>,
  clock: Clock,
  baseUrl: string | null,
  charge: CardCharge,
  notice: Notice,
  values: { amountCents: number; reason?: string | null; checkoutId?: number | null },
): Promise<void> {
  const dwelling = await trx
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.name', 't.name as tower'])
    .where('a.id', '=', charge.apartment_id)
    .executeTakeFirstOrThrow();
  const language = await recipientLanguage(trx, charge.user_id, { condoId: charge.condo_id });
  const words = wordsIn(language);
  const name = dwellingName(dwelling.tower, dwelling.name);
  const v = {
    amount: formatMoney(values.amountCents),
    card: cardLabel(charge),
    dwelling: name,
    reason: values.reason ?? '',
  };
  const titleId = `charges.auto.${notice === 'gaveUp' ? 'declined' : notice}.title` as const;
  const textId = `charges.auto.${notice}.text` as const;
  const text = words(textId, v);
  const checkoutId = notice === 'paid' ? (values.checkoutId ?? null) : null;
  const paid = checkoutId !== null;
  const path = paid
    ? `/condominio/financiero/pago/${checkoutId}`
    : notice === 'before'
      ? '/condominio/financiero'
      : `/condominio/financiero/pagar?ApartmentId=${charge.apartment_id}`;
  await notify(trx, clock, [charge.user_id], {
    condoId: charge.condo_id,
    title: { id: titleId },
    text: { id: textId, values: v },
    ...(paid
      ? { modulo: 'pago', props: { checkoutId } }
      : { modulo: 'recordatorio', props: { ApartmentId: charge.apartment_id } }),
  });
  const user = await trx.selectFrom('users').select('email').where('id', '=', charge.user_id).executeTakeFirst();
  if (!user?.email) return;
  const link = baseUrl ? `${baseUrl}${path}` : null;
  const linkWords = words(
    paid ? 'charges.auto.mail.receipt' : notice === 'before' ? 'charges.auto.mail.home' : 'charges.auto.mail.pay',
  );
  await queueMail(trx, clock, {
    to: user.email,
    subject: mailSubject(words('charges.auto.mail.subject', v)),
    text: [text, ...(link ? [`${linkWords} ${link}`] : [])].join('\n\n'),
    html: mailPage(language, [paragraph(text), ...(link ? [sentenceWithLink(linkWords, link)] : [])]),
  });
}

/** A run's record for a dwelling and day, unless one of that kind exists (another run, another process). */
async function claimRun(
  trx: Kysely<Database>,
  charge: CardCharge,
  kind: 'aviso' | 'cargo',
  runOn: string,
  amountCents: number,
  dueThrough: string,
  at: string,
): Promise<number | null> {
  const row = await trx
    .insertInto('recurring_charge_runs')
    .values({
      condo_id: charge.condo_id,
      recurring_charge_id: charge.id,
      apartment_id: charge.apartment_id,
      kind,
      run_on: runOn,
      amount_cents: amountCents,
      outcome: kind === 'aviso' ? 'avisado' : 'pendiente',
      reason: null,
      due_through: dueThrough,
      checkout_id: null,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['apartment_id', 'run_on', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** What was charged automatically this month (paid or still pending) for this recurring charge. */
export async function chargedThisMonth(trx: Kysely<Database>, chargeId: number, today: string): Promise<number> {
  const rows = await trx
    .selectFrom('recurring_charge_runs')
    .select('amount_cents')
    .where('recurring_charge_id', '=', chargeId)
    .where('kind', '=', 'cargo')
    .where('outcome', 'in', ['pagado', 'pendiente'])
    .where('run_on', '>=', `${today.slice(0, 7)}-01`)
    .where('run_on', '<=', today)
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.amount_cents), 0);
}

/** The declined tries of a charge for the open charges due through a day. */
async function declinedTries(db: Kysely<Database>, chargeId: number, dueThrough: string): Promise<number> {
  const declined = await db
    .selectFrom('recurring_charge_runs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('recurring_charge_id', '=', chargeId)
    .where('kind', '=', 'cargo')
    .where('outcome', '=', 'rechazado')
    .where('due_through', '=', dueThrough)
    .executeTakeFirstOrThrow();
  return Number(declined.n);
}

const firstOfNextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * What the daily run would charge next to a charge with a card, by the run's own rule: on the next run's day (today's
 * until 15:00 UTC and unless it already charged the dwelling, else tomorrow's) or the day the oldest open charge
 * comes due, the open charges due by then, capped by that month's limit less what was charged in it; charges
 * given up after CHARGE_TRIES declines wait for a newer one. Null when nothing would be charged.
 */
export async function nextAutomaticCharge(
  db: Kysely<Database>,
  clock: Clock,
  charge: { id: number; condo_id: number; apartment_id: number; monto_cents: number },
): Promise<{ date: string; amountCents: number } | null> {
  const { open } = await openChargesOf(db, charge.condo_id, charge.apartment_id);
  if (open.length === 0 || charge.monto_cents <= 0) return null;
  const timeZone = await timeZoneOf(db, charge.condo_id);
  let runDay = localDate(nextRecurringChargeSlot(clock.now()).dueAt, timeZone);
  const today = await condoToday(db, clock, charge.condo_id);
  if (runDay < today) runDay = today;
  const ranOn = await db
    .selectFrom('recurring_charge_runs')
    .select('id')
    .where('apartment_id', '=', charge.apartment_id)
    .where('kind', '=', 'cargo')
    .where('run_on', '=', runDay)
    .executeTakeFirst();
  if (ranOn) runDay = addDays(runDay, 1);
  const dueDays = [...new Set(open.map((c) => c.dueOn))].sort();
  let day = dueDays[0]! > runDay ? dueDays[0]! : runDay;
  // Each turn moves the day on (a later due date, or the next month); a year of months is more than enough.
  for (let turn = 0; turn < 24; turn += 1) {
    const due = open.filter((c) => c.dueOn <= day);
    const dueThrough = due
      .map((c) => c.dueOn)
      .sort()
      .at(-1)!;
    if ((await declinedTries(db, charge.id, dueThrough)) >= CHARGE_TRIES) {
      const later = dueDays.find((d) => d > dueThrough);
      if (!later) return null;
      day = later > day ? later : day;
      continue;
    }
    const left = charge.monto_cents - (await chargedThisMonth(db, charge.id, day));
    if (left <= 0) {
      day = firstOfNextMonth(day);
      continue;
    }
    const amountCents = Math.min(
      left,
      due.reduce((sum, c) => sum + c.openCents, 0),
    );
    return { date: day, amountCents };
  }
  return null;
}

export interface RunSummary {
  told: number;
  paid: number;
  declined: number;
}

/** Today's automatic charges in every condominium; answers what it did. */
export async function runRecurringCharges(
  trx: Kysely<Database>,
  clock: Clock,
  charge: ChargeCard,
  baseUrl: string | null,
): Promise<RunSummary> {
  const summary: RunSummary = { told: 0, paid: 0, declined: 0 };
  const at = clock.now().toISOString();
  let lockedCondo: number | null = null;
  for (const card of await chargesWithCards(trx)) {
    // Condominiums in ascending order (the query's), as the webhooks and the other jobs take them.
    if (lockedCondo !== card.condo_id) {
      await lockCondo(trx, card.condo_id);
      lockedCondo = card.condo_id;
    }
    const today = await condoToday(trx, clock, card.condo_id);
    const { open } = await openChargesOf(trx, card.condo_id, card.apartment_id);
    const remaining = Math.max(0, card.monto_cents - (await chargedThisMonth(trx, card.id, today)));

    // The day before: what will be charged tomorrow, told once.
    const tomorrow = addDays(today, 1);
    if (open.some((c) => c.dueOn === tomorrow)) {
      // Tomorrow's limit: a new month starts whole.
      const left = Math.max(0, card.monto_cents - (await chargedThisMonth(trx, card.id, tomorrow)));
      const amount = Math.min(
        left,
        open.filter((c) => c.dueOn <= tomorrow).reduce((sum, c) => sum + c.openCents, 0),
      );
      if (amount > 0 && (await claimRun(trx, card, 'aviso', today, amount, tomorrow, at)) !== null) {
        await tellMember(trx, clock, baseUrl, card, 'before', { amountCents: amount });
        summary.told += 1;
      }
    }

    const due = open.filter((c) => c.dueOn <= today);
    if (due.length === 0) continue;
    const dueThrough = due
      .map((c) => c.dueOn)
      .sort()
      .at(-1)!;
    const amount = Math.min(
      remaining,
      due.reduce((sum, c) => sum + c.openCents, 0),
    );
    if (amount <= 0) continue;
    // Declined on its due date and the next two days: given up until a newer charge comes due.
    const tries = await declinedTries(trx, card.id, dueThrough);
    if (tries >= CHARGE_TRIES) continue;
    const runId = await claimRun(trx, card, 'cargo', today, amount, dueThrough, at);
    if (runId === null) continue;
    const result = await charge(trx, clock, {
      condoId: card.condo_id,
      apartmentId: card.apartment_id,
      userId: card.user_id,
      recurringChargeId: card.id,
      card: { provider: card.provider, token: card.token, customer: card.customer },
      amountCents: amount,
      key: `auto-${card.apartment_id}-${today}`,
    });
    await trx
      .updateTable('recurring_charge_runs')
      .set({
        outcome: result.outcome === 'fallido' ? 'rechazado' : result.outcome,
        reason: result.reason,
        checkout_id: result.checkoutId,
      })
      .where('id', '=', runId)
      .execute();
    if (result.outcome === 'pagado') {
      summary.paid += 1;
      await tellMember(trx, clock, baseUrl, card, 'paid', { amountCents: amount, checkoutId: result.checkoutId });
    } else if (result.outcome === 'fallido') {
      summary.declined += 1;
      await tellMember(trx, clock, baseUrl, card, tries + 1 >= CHARGE_TRIES ? 'gaveUp' : 'declined', {
        amountCents: amount,
        reason: result.reason,
      });
    }
  }
  return summary;
}

/** The job's handler: today's run, then the next day's asked for while any card is saved. */
export function recurringChargeJobHandlers(charge: ChargeCard, baseUrl: string | null): JobHandlers {
  return {
    [RECURRING_CHARGE_JOB]: async (trx, _job, clock) => {
      await runRecurringCharges(trx, clock, charge, baseUrl);
      if ((await chargesWithCards(trx)).length > 0) await scheduleRecurringChargeJob(trx, clock.now());
    },
  };
}
