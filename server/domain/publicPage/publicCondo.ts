import type { Kysely } from 'kysely';
import type { PublicCondo } from '../../../src/api/publicPage';
import type { Condominium, Database } from '../../db/schema';
import { sanitizeMapEmbed } from '../../infra/mapSanitizer';

function toPublic(c: Condominium): PublicCondo {
  return {
    CondoId: c.id,
    CondoName: c.name,
    CondoAdminCmpny: c.admin_company,
    CondoAddress1: c.address1,
    CondoAddress2: c.address2,
    CondoCity: c.city,
    CondoState: c.state,
    CondoZip: c.zip,
    CondoCountry: c.country,
    CondoPhone1: c.phone1,
    CondoPhone2: c.phone2,
    CondoPhoneCountry1: c.phone_country1,
    CondoPhoneCountry2: c.phone_country2,
    // Never the administrator's HTML: only the embed URL of a known map host (mapSanitizer.ts).
    Mapa: sanitizeMapEmbed(c.mapa),
    LogoFileName: c.logo_file_name,
    publicidad: c.publicidad,
    MasInformacion: c.mas_informacion,
    CondoBackgroundColor: c.background_color,
  };
}

/** An inactive condominium has no public page. */
export async function findPublicCondo(
  db: Kysely<Database>,
  by: { id: number } | { subdomain: string },
): Promise<PublicCondo | null> {
  let query = db.selectFrom('condominiums').selectAll().where('status', '!=', 'I');
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('subdomain', '=', by.subdomain.toLowerCase());
  const row = await query.executeTakeFirst();
  return row ? toPublic(row) : null;
}
