// 'Verificar pase' (src/api/passCheck.ts): a guard of the condominium looks a pass up by its manual key or
// its QR's text and gets the visitor and the verdict of the shared rule, at the condominium's own time.
// Only passes of the caller's condominium are found: another condominium's code is as unknown as a typo.
import type { Kysely } from 'kysely';
import { type PassCheck, passCodeCandidates, passVerdict } from '../../../src/api/passCheck';
import { canCheckPasses, PERMISSION } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { weekdays } from '../shared/visitorPasses';
import { inZone } from '../shared/zonedTime';

/** The pass page's not-found message (spec §8): the guard reads what a visitor would. */

const yesNo = (flag: number) => (flag === 1 ? ('Y' as const) : ('N' as const));

/** The caller's roles here and the condominium's time zone; 403 unless the shared rule lets them check. */
async function requireChecker(db: Kysely<Database>, auth: Auth): Promise<{ timeZone: string }> {
  const member = await db
    .selectFrom('memberships as m')
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .select(['m.is_admin', 'm.is_guard', 'm.is_supervisor', 'c.time_zone'])
    .where('m.id', '=', auth.membershipId)
    .executeTakeFirstOrThrow();
  const usuario = {
    UserIsAdmin: yesNo(member.is_admin),
    UserIsGuard: yesNo(member.is_guard),
    UserIsSupervisor: yesNo(member.is_supervisor),
  };
  // Read at every check: a permission given or taken in configuracion counts from the next call.
  const permissions = await db
    .selectFrom('user_permissions')
    .select(['clave', 'tipo', 'activa'])
    .where('membership_id', '=', auth.membershipId)
    .where('clave', '=', PERMISSION.passCheck)
    .execute();
  const usuarioPermisos = permissions.map((p) => ({ Clave: p.clave, Tipo: p.tipo, Activa: p.activa === 1 ? 1 : 0 }) as const);
  if (!canCheckPasses({ usuario, usuarioPermisos })) throw forbidden();
  return { timeZone: member.time_zone };
}

export async function checkPass(db: Kysely<Database>, clock: Clock, auth: Auth, typed: string): Promise<PassCheck> {
  const { timeZone } = await requireChecker(db, auth);
  const { qr, manualKey } = passCodeCandidates(typed);
  // Revoked passes are found too: the guard must hear "revoked", not "unknown".
  const row = await db
    .selectFrom('passes as p')
    .leftJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .leftJoin('users as u', 'u.id', 'p.host_user_id')
    .leftJoin('events as e', 'e.id', 'p.event_id')
    .selectAll('p')
    .select(['a.name as aptName', 't.name as towerName', 'u.name as userName', 'e.name as eventName', 'e.status as eventStatus'])
    .where('p.condo_id', '=', auth.condoId)
    .where((eb) => eb.or([eb('p.qr', '=', qr), eb('p.manual_key', '=', manualKey)]))
    .orderBy('p.id')
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND', 'pass.notFound');
  const pass = {
    Tipo: row.tipo,
    Nombre: row.nombre,
    ClaveManual: row.manual_key,
    NombreInfante: row.nombre_infante,
    TorreName: row.towerName ?? null,
    AptName: row.aptName ?? null,
    UserName: row.userName ?? null,
    Evento: row.eventName ?? null,
    DiasAcceso: weekdays(row.dias_acceso),
    FechaInicio: row.fecha_inicio,
    FechaFin: row.fecha_fin,
    HoraInicio: row.hora_inicio,
    HoraFin: row.hora_fin,
    NotaVisitante: row.nota_visitante,
    Acompanantes: row.companions,
    FormaDeAcceso: row.forma_de_acceso,
    Placas: row.placas,
  };
  const now = inZone(clock.now(), timeZone);
  const { verdict, reason } = passVerdict(
    { ...pass, revoked: row.revoked_at !== null, eventCancelled: row.eventStatus === 'cancelado' },
    now,
  );
  return { verdict, reason, checkedAt: now, pass };
}
