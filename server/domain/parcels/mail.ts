// The e-mail each resident of the dwelling gets when a parcel arrives (beside the in-app notice, notices.ts), in
// their profile language (src/i18n/<lang>/parcelsNotices.json): the carrier, the size and the pickup code. Sent
// after the answer (routes/parcels.ts), so a slow mail server never holds the gate up.
import type { Kysely } from 'kysely';
import { dwellingLabel, type ParcelSize } from '../../../src/api/parcels';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Mailer } from '../../infra/mail/mailer';
import { wordsIn } from '../../messages';
import { mailPage, mailSubject, paragraph } from '../shared/mailHtml';
import { recipientLanguages } from '../shared/recipientLanguages';
import { residentsOf } from './notices';
import { pickupCoder } from './pickupCode';
import { parcelRows } from './rows';

export async function mailParcelArrived(db: Kysely<Database>, clock: Clock, mailer: Mailer, parcelId: number): Promise<void> {
  const parcel = await parcelRows(db).where('p.id', '=', parcelId).executeTakeFirst();
  if (parcel?.status !== 'waiting') return;
  const residents = await residentsOf(db, parcel.condo_id, parcel.apartment_id);
  if (residents.length === 0) return;
  const people = await db.selectFrom('users').select(['id', 'email', 'name']).where('id', 'in', residents).execute();
  const languages = await recipientLanguages(db, residents, { condoId: parcel.condo_id });
  const code = (await pickupCoder(db, clock))(parcel);
  const dwelling = dwellingLabel({ tower: parcel.tower_name, apartment: parcel.apartment_name });
  for (const person of people) {
    const language = languages.get(person.id) ?? 'es';
    const t = wordsIn(language);
    const values = {
      name: person.name,
      carrier: parcel.carrier,
      dwelling,
      code,
      size: { id: `parcelsNotices.size.${parcel.size as ParcelSize}` } as const,
    };
    const text = t('parcelsNotices.mail.text', values);
    await mailer.send({
      to: person.email,
      subject: mailSubject(t('parcelsNotices.mail.subject', values)),
      text,
      html: mailPage(language, [paragraph(text)]),
    });
  }
}
