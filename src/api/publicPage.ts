// The public condominium page's data (spec §3.3 Public condo, §7 pagina-publica calls).
import { coerce, type Infer, literal, nullable, number, object, pattern, size, string } from 'superstruct';
import { Id } from './validation';

// Subdomains are [a-z0-9-] only (SubdomainParams), so the path needs no encoding.
export const PUBLIC_PAGE_PATHS = {
  condoById: (id: number | string) => `/--pagina-publica/condo/${id}`,
  condoBySubdomain: (subdomain: string) => `/--pagina-publica/CondoXid/${subdomain}`,
} as const;

export const CondoIdParams = object({ id: coerce(Id, pattern(string(), /^\d{1,10}$/), Number) });
export const SubdomainParams = object({ subdomain: size(pattern(string(), /^[a-z0-9-]+$/i), 1, 63) });

export const PublicCondo = object({
  CondoId: number(),
  CondoName: string(),
  CondoAdminCmpny: nullable(string()),
  CondoAddress1: nullable(string()),
  CondoAddress2: nullable(string()),
  CondoCity: nullable(string()),
  CondoState: nullable(string()),
  CondoZip: nullable(string()),
  CondoCountry: nullable(string()),
  CondoPhone1: nullable(string()),
  CondoPhone2: nullable(string()),
  CondoPhoneCountry1: nullable(string()),
  CondoPhoneCountry2: nullable(string()),
  Mapa: nullable(string()),
  LogoFileName: nullable(string()),
  publicidad: nullable(string()),
  MasInformacion: nullable(string()),
  CondoBackgroundColor: string(),
});
export type PublicCondo = Infer<typeof PublicCondo>;

export const PublicCondoAnswer = object({ success: literal(true), data: PublicCondo });
