// The visitor pass (spec §2.7, §3.3 Pass): everything its public page shows. Unknown and revoked passes are
// the same "not found".
import type { Kysely } from 'kysely';
import type { Pass } from '../../../src/api/passes';
import type { Database } from '../../db/schema';
import { accessPointsOf, passFields } from '../shared/visitorPasses';

export async function findPass(db: Kysely<Database>, condoId: number, qr: string): Promise<Pass | null> {
  const row = await db
    .selectFrom('passes as p')
    .innerJoin('condominiums as c', 'c.id', 'p.condo_id')
    .leftJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .leftJoin('users as u', 'u.id', 'p.host_user_id')
    .leftJoin('events as e', 'e.id', 'p.event_id')
    .leftJoin('guest_settings as s', 's.condo_id', 'p.condo_id')
    .selectAll('p')
    .select([
      'c.name as condoName',
      'a.name as aptName',
      't.name as towerName',
      'u.name as userName',
      'e.access_point_id as eventAccessPoint',
      's.regulation_url as regulation',
    ])
    .where('p.condo_id', '=', condoId)
    .where('p.qr', '=', qr)
    .where('p.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  // An event's guests come in through the event's gate; every other pass through any of the condominium's.
  const points = await accessPointsOf(db, condoId, row.eventAccessPoint ?? null);
  return {
    ...passFields(row),
    NotaVisitante: row.nota_visitante,
    reglamento: row.regulation ?? null,
    CondoId: row.condo_id,
    CondoName: row.condoName,
    TorreName: row.towerName ?? null,
    AptName: row.aptName ?? null,
    UserName: row.userName ?? null,
    NombreInfante: row.nombre_infante,
    puntosDeAcceso: points,
  };
}
