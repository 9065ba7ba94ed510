// Telling a dwelling's residents about their parcel: on arrival and when it still waits (jobs.ts). Each person
// reads the notice in their profile language (shared/recipientLanguages.ts), with the pickup code, and opening it
// goes to condominio/paqueteria (module 'paqueteria', Props { parcelId }). Called in the change's transaction.
import type { Kysely } from 'kysely';
import { dwellingLabel, type ParcelSize } from '../../../src/api/parcels';
import type { Language } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { wordsIn } from '../../messages';
import { notify } from '../shared/notify';
import { recipientLanguages } from '../shared/recipientLanguages';

/** The active members living in the dwelling. */
export async function residentsOf(db: Kysely<Database>, condoId: number, apartmentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .select('m.user_id')
    .where('r.apartment_id', '=', apartmentId)
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .orderBy('m.user_id')
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

export interface NoticeParcel {
  id: number;
  condo_id: number;
  apartment_id: number;
  carrier: string;
  size: string;
  tower_name: string | null;
  apartment_name: string;
}

type Notice = { kind: 'arrived' } | { kind: 'reminder'; days: number };

/** Tells the dwelling's residents, each in their language; answers how many were told. */
export async function tellResidents(
  db: Kysely<Database>,
  clock: Clock,
  parcel: NoticeParcel,
  code: string,
  notice: Notice,
): Promise<number> {
  const residents = await residentsOf(db, parcel.condo_id, parcel.apartment_id);
  const languages = await recipientLanguages(db, residents, { condoId: parcel.condo_id });
  const byLanguage = new Map<Language, number[]>();
  for (const id of residents) {
    const language = languages.get(id) ?? 'es';
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), id]);
  }
  const dwelling = dwellingLabel({ tower: parcel.tower_name, apartment: parcel.apartment_name });
  for (const [language, ids] of byLanguage) {
    const words = wordsIn(language);
    const values = {
      carrier: parcel.carrier,
      dwelling,
      code,
      size: { id: `parcelsNotices.size.${parcel.size as ParcelSize}` } as const,
      days: notice.kind === 'reminder' ? notice.days : 0,
    };
    await notify(db, clock, ids, {
      condoId: parcel.condo_id,
      titulo: words(`parcelsNotices.notify.${notice.kind}.title`),
      textoApp: words(`parcelsNotices.notify.${notice.kind}.text`, values),
      modulo: 'paqueteria',
      props: { parcelId: parcel.id },
    });
  }
  return residents.length;
}
