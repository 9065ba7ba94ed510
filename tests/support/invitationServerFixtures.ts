// What the invitations' server tests share: dwellings by name, a resident's residency, invitations and access
// requests written straight into the database (for the route matrix, whose every cell needs a fresh one), and
// the token of an e-mailed link.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { hashToken, newToken } from '../../server/infra/tokens';

/** The id of a dwelling of Las Palmas (condo 1) or another condominium by tower and name ('' for houses). */
export async function dwellingId(db: Kysely<Database>, tower: string, name: string, condoId = 1): Promise<number> {
  let query = db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select('a.id')
    .where('a.name', '=', name);
  query = tower ? query.where('t.name', '=', tower) : query.where('a.tower_id', 'is', null);
  return (await query.where('a.condo_id', '=', condoId).executeTakeFirstOrThrow()).id;
}

export async function condoIdOf(db: Kysely<Database>, name: string): Promise<number> {
  return (await db.selectFrom('condominiums').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** A residency of the person in a condominium (their first). */
export async function residencyOf(db: Kysely<Database>, email: string, condoId = 1) {
  return db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['r.id', 'r.apartment_id', 'r.kind', 'm.id as membershipId', 'm.active', 'u.id as userId'])
    .where('u.email', '=', email)
    .where('m.condo_id', '=', condoId)
    .orderBy('r.id')
    .executeTakeFirstOrThrow();
}

let serial = 0;
/** An e-mail nobody has. */
export const freshEmail = (label = 'nuevo') => `${label}.${Date.now().toString(36)}.${++serial}@correo.test`;

/** A pending invitation written as the server writes one; answers its id and its link's token. */
export async function insertInvitation(
  db: Kysely<Database>,
  values: { condoId?: number; email?: string; apartmentId?: number | null; kind?: string | null; expiresAt?: string } = {},
): Promise<{ id: number; token: string; email: string }> {
  const token = newToken();
  const email = values.email ?? freshEmail();
  const now = new Date().toISOString();
  const apartmentId = values.apartmentId === undefined ? await dwellingId(db, 'Torre B', '1005') : values.apartmentId;
  const { id } = await db
    .insertInto('invitations')
    .values({
      condo_id: values.condoId ?? 1,
      email,
      name: 'Persona Invitada',
      apartment_id: apartmentId,
      kind: apartmentId === null ? null : (values.kind ?? 'tenant'),
      is_employee: apartmentId === null ? 1 : 0,
      token_hash: hashToken(token),
      created_by: null,
      access_request_id: null,
      last_sent_at: now,
      expires_at: values.expiresAt ?? new Date(Date.now() + 7 * 86_400_000).toISOString(),
      accepted_at: null,
      accepted_user_id: null,
      revoked_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token, email };
}

/** A pending access request of the condominium. */
export async function insertAccessRequest(
  db: Kysely<Database>,
  values: { condoId?: number; email?: string; vivienda?: string } = {},
): Promise<number> {
  const { id } = await db
    .insertInto('public_contact_requests')
    .values({
      condo_id: values.condoId ?? 1,
      kind: 'access',
      nombre: 'Solicitante de Prueba',
      email: values.email ?? freshEmail('solicita'),
      tel: '3300000000',
      comentarios: 'Quiero acceso.',
      vivienda: values.vivienda ?? 'Torre B 1006',
      client_address: '127.0.0.1',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The token of the link in an invitation e-mail. */
export function linkToken(text: string): string {
  const match = /\/sessions\/aceptar-invitacion\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return match[1]!;
}
