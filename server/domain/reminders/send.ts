// Sending a condominium's payment reminders for its day (src/api/reminders.ts reminderDue): each dwelling with open
// charges (first in, first out, the receipts' reading: a paid charge is not open, so it is never reminded) whose
// reminder of a kind is due today gets one reminder per kind, naming those charges, told to its residents by
// notification (module 'recordatorio', opening the money home) and by e-mail (the mail outbox, in each resident's
// language, sent only if the transaction commits). reminded_charges (unique charge_id, kind) keeps a charge from
// being reminded of one kind twice; lockCondo keeps a manual run and the job from deciding at once.
import type { Kysely } from 'kysely';
import { openCharges } from '../../../src/api/checkout';
import { dwellingName } from '../../../src/api/dwellings';
import { formatMoney } from '../../../src/api/finance';
import { REMINDER_KINDS, type ReminderKind, reminderDue } from '../../../src/api/reminders';
import type { Language } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { queueMail } from '../../infra/mail/outbox';
import { wordsIn } from '../../messages';
import { lockCondo } from '../shared/condoLock';
import { mailPage, mailSubject, paragraph, sentenceWithLink } from '../shared/mailHtml';
import { notify } from '../shared/notify';
import { recipientLanguages } from '../shared/recipientLanguages';
import { condoToday } from '../shared/zonedTime';
import { readReminderSettings } from './settings';

/** Where a reminder's mail sends the resident: the money home, when the server knows its own address. */
export const moneyHomeLink = (baseUrl: string | null) => (baseUrl ? `${baseUrl}/condominio/financiero` : null);

interface Resident {
  userId: number;
  email: string | null;
}

async function residentsOf(db: Kysely<Database>, condoId: number): Promise<Map<number, Resident[]>> {
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['r.apartment_id', 'm.user_id', 'u.email'])
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .orderBy('m.user_id')
    .execute();
  const byDwelling = new Map<number, Resident[]>();
  for (const row of rows) {
    const list = byDwelling.get(row.apartment_id) ?? [];
    if (!list.some((r) => r.userId === row.user_id)) list.push({ userId: row.user_id, email: row.email || null });
    byDwelling.set(row.apartment_id, list);
  }
  return byDwelling;
}

/** Every active dwelling's open charges, read in two queries for the whole condominium. */
async function openChargesByDwelling(db: Kysely<Database>, condoId: number) {
  const dwellings = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('a.condo_id', '=', condoId)
    .where('a.active', '=', 1)
    .orderBy('a.id')
    .execute();
  const charges = await db
    .selectFrom('dwelling_charges')
    .select(['id', 'apartment_id', 'concept', 'charged_on', 'due_on', 'amount_cents'])
    .where('condo_id', '=', condoId)
    .execute();
  const payments = await db
    .selectFrom('dwelling_payments')
    .select(['id', 'apartment_id', 'paid_on', 'amount_cents'])
    .where('condo_id', '=', condoId)
    .execute();
  return dwellings.map((dwelling) => ({
    id: dwelling.id,
    name: dwellingName(dwelling.tower, dwelling.name),
    open: openCharges(
      charges
        .filter((c) => c.apartment_id === dwelling.id)
        .map((c) => ({
          id: c.id,
          concept: c.concept,
          chargedOn: c.charged_on,
          dueOn: c.due_on,
          amountCents: Number(c.amount_cents),
        })),
      payments
        .filter((p) => p.apartment_id === dwelling.id)
        .map((p) => ({ id: p.id, paidOn: p.paid_on, amountCents: Number(p.amount_cents) })),
    ).open,
  }));
}

function reminderWords(language: Language, kind: ReminderKind, values: Record<string, string | number>) {
  const words = wordsIn(language);
  return {
    text: words(`reminders.notice.${kind}.text`, values),
    subject: words(`reminders.mail.subject`, values),
    link: words('reminders.mail.link'),
  };
}

/** Sends the condominium's reminders due today; answers how many reminders (dwelling × kind) went out. */
export async function sendReminders(
  trx: Kysely<Database>,
  clock: Clock,
  condoId: number,
  baseUrl: string | null,
): Promise<number> {
  await lockCondo(trx, condoId);
  const settings = await readReminderSettings(trx, condoId);
  if (!settings.enabled) return 0;
  const today = await condoToday(trx, clock, condoId);
  const dwellings = await openChargesByDwelling(trx, condoId);
  const openIds = dwellings.flatMap((d) => d.open.map((c) => c.chargeId));
  const already = new Set<string>();
  for (let i = 0; i < openIds.length; i += 500) {
    const rows = await trx
      .selectFrom('reminded_charges')
      .select(['charge_id', 'kind'])
      .where('condo_id', '=', condoId)
      .where('charge_id', 'in', openIds.slice(i, i + 500))
      .execute();
    for (const row of rows) already.add(`${row.charge_id}:${row.kind}`);
  }
  const residents = await residentsOf(trx, condoId);
  const link = moneyHomeLink(baseUrl);
  const now = clock.now().toISOString();
  let sent = 0;
  for (const dwelling of dwellings) {
    for (const kind of REMINDER_KINDS) {
      const charges = dwelling.open.filter(
        (c) => reminderDue(settings, c.dueOn, today) === kind && !already.has(`${c.chargeId}:${kind}`),
      );
      if (charges.length === 0) continue;
      const people = residents.get(dwelling.id) ?? [];
      const owedCents = charges.reduce((sum, c) => sum + c.openCents, 0);
      const dueOn = charges.map((c) => c.dueOn).sort()[0]!;
      const { id } = await trx
        .insertInto('payment_reminders')
        .values({
          condo_id: condoId,
          apartment_id: dwelling.id,
          kind,
          sent_on: today,
          owed_cents: owedCents,
          due_on: dueOn,
          charges: charges.length,
          recipients: people.length,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('reminded_charges')
        .values(charges.map((c) => ({ condo_id: condoId, charge_id: c.chargeId, kind, reminder_id: id })))
        .execute();
      const values = {
        dwelling: dwelling.name,
        amount: formatMoney(owedCents),
        date: dueOn.split('-').reverse().join('/'),
        count: charges.length,
      };
      const languages = await recipientLanguages(
        trx,
        people.map((p) => p.userId),
        { condoId },
      );
      for (const person of people) {
        const language = languages.get(person.userId) ?? 'es';
        const words = reminderWords(language, kind, values);
        await notify(trx, clock, [person.userId], {
          condoId,
          title: { id: `reminders.notice.${kind}.title` },
          text: { id: `reminders.notice.${kind}.text`, values },
          modulo: 'recordatorio',
          props: { ApartmentId: dwelling.id },
        });
        if (!person.email) continue;
        const pieces = [paragraph(words.text), ...(link ? [sentenceWithLink(words.link, link)] : [])];
        await queueMail(trx, clock, {
          to: person.email,
          subject: mailSubject(words.subject),
          text: [words.text, ...(link ? [`${words.link} ${link}`] : [])].join('\n\n'),
          html: mailPage(language, pieces),
        });
      }
      sent += 1;
    }
  }
  return sent;
}

/** The condominiums whose reminders are on. */
export async function condosWithReminders(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('reminder_settings').select('condo_id').where('enabled', '=', 1).orderBy('condo_id').execute();
  return rows.map((r) => r.condo_id);
}
