import type { Kysely } from 'kysely';
import type { PublicCondo } from '../../../src/api/publicPage';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { sanitizeMapEmbed } from '../../infra/mapSanitizer';

/** What the public page shows of a condominium, and nothing more. */
const PUBLIC_COLUMNS = [
  'id',
  'name',
  'admin_company',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'country',
  'phone1',
  'phone2',
  'phone_country1',
  'phone_country2',
  'mapa',
  'logo_file_name',
  'publicidad',
  'mas_informacion',
  'background_color',
] as const;

// Anyone may ask, as often as they like: built and compiled once (db/preparedQuery.ts). An inactive condominium
// has no public page.
const byId = preparedQuery((db, id: number) =>
  db.selectFrom('condominiums').select(PUBLIC_COLUMNS).where('status', '!=', 'I').where('id', '=', id),
);
const bySubdomain = preparedQuery((db, subdomain: string) =>
  db.selectFrom('condominiums').select(PUBLIC_COLUMNS).where('status', '!=', 'I').where('subdomain', '=', subdomain),
);

type PublicRow = NonNullable<Awaited<ReturnType<typeof byId.first>>>;

/**
 * The embed URL of a map snippet, by the snippet: the sanitizer parses it, and the same few snippets (one per
 * condominium) are read on every public page. A function of the text alone, so one condominium's text can only
 * ever give its own answer; bounded, the oldest forgotten first.
 */
const sanitizedMaps = new Map<string, string | null>();
const SANITIZED_MAPS_KEPT = 500;

function mapEmbed(mapa: string | null): string | null {
  if (mapa === null) return sanitizeMapEmbed(mapa);
  if (sanitizedMaps.has(mapa)) return sanitizedMaps.get(mapa)!;
  const url = sanitizeMapEmbed(mapa);
  sanitizedMaps.set(mapa, url);
  if (sanitizedMaps.size > SANITIZED_MAPS_KEPT) sanitizedMaps.delete(sanitizedMaps.keys().next().value as string);
  return url;
}

function toPublic(c: PublicRow): PublicCondo {
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
    Mapa: mapEmbed(c.mapa),
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
  const row = 'id' in by ? await byId.first(db, by.id) : await bySubdomain.first(db, by.subdomain.toLowerCase());
  return row ? toPublic(row) : null;
}
