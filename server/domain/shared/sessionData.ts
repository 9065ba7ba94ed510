// Everything the browser needs about the signed-in person and their condominium (spec §3.1), and the part of
// it the shared rules of src/api/permissions.ts read about the caller (loadAccess), so the server applies the
// same rules the browser's menus do. Shared: the sessions area answers the session data; routes/guards.ts
// decides every guarded route with loadAccess, and finance and management decide with it too.
import type { Kysely } from 'kysely';
import type { SessionData } from '../../../src/api/sessions';
import type { Database } from '../../db/schema';
import type { Auth } from './auth';
import { callerDwellingRows } from './viewer';

const yesNo = (flag: number) => (flag === 1 ? 'Y' : 'N') as 'Y' | 'N';

function pick<T extends string>(value: string, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export async function loadSessionData(
  db: Kysely<Database>,
  auth: Auth,
  userHash: (userId: number) => string,
  photoUrl: (userId: number, fileId: number) => Promise<string>,
): Promise<Omit<SessionData, 'app'>> {
  const condo = await db.selectFrom('condominiums').selectAll().where('id', '=', auth.condoId).executeTakeFirstOrThrow();
  const member = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.photo_file_id',
      'm.is_admin',
      'm.is_board',
      'm.is_employee',
      'm.is_guard',
      'm.is_supervisor',
      'm.privacy_accepted_at',
      'm.language',
    ])
    .where('m.id', '=', auth.membershipId)
    .executeTakeFirstOrThrow();
  const apartments = (await callerDwellingRows(db, auth)).map((d) => ({ AptId: d.id, AptName: d.name, TorreName: d.tower }));
  const sections = await db
    .selectFrom('sections as s')
    .leftJoin('section_users as su', (join) => join.onRef('su.section_id', '=', 's.id').on('su.user_id', '=', auth.userId))
    .select(['s.id', 's.code', 's.name', 's.position', 's.exclusiva_usuarios', 'su.user_id'])
    .where('s.condo_id', '=', auth.condoId)
    .where('s.status', '=', 'A')
    .orderBy('s.position')
    .execute();
  const permissions = await db
    .selectFrom('user_permissions')
    .select(['clave', 'tipo', 'activa'])
    .where('membership_id', '=', auth.membershipId)
    .orderBy('clave')
    .execute();
  const functions = await db
    .selectFrom('role_functions')
    .select(['funcion', 'tipo'])
    .where('membership_id', '=', auth.membershipId)
    .orderBy('funcion')
    .execute();

  return {
    condo: {
      CondoId: condo.id,
      CondoName: condo.name,
      CondoStatus: condo.status,
      endsubscription: condo.end_subscription,
      MostrarIngresos: pick(condo.mostrar_ingresos, ['T', 'M', 'X'] as const, 'X'),
      displaydirectory: pick(condo.display_directory, ['R', 'E', 'M'] as const, 'R'),
      TipoDescarga: condo.tipo_descarga,
      tipoAvisos: condo.tipo_avisos,
      AvisoPrivacidad: condo.aviso_privacidad,
      AvisoActivo: condo.aviso_activo === 1 ? 1 : 0,
      timeZone: condo.time_zone,
    },
    condoLogo: { FileName: condo.logo_file_name },
    usuario: {
      UserId: member.id,
      UserName: member.name,
      UserEmail: member.email,
      user_hash: userHash(member.id),
      AptId: apartments[0]?.AptId ?? null,
      UserIsAdmin: yesNo(member.is_admin),
      UserIsBoard: yesNo(member.is_board),
      UserIsEmployed: yesNo(member.is_employee),
      UserIsGuard: yesNo(member.is_guard),
      UserIsSupervisor: yesNo(member.is_supervisor),
      AvisoPrivacidad: member.privacy_accepted_at,
      fotoSignedUrl: member.photo_file_id === null ? null : await photoUrl(member.id, member.photo_file_id),
      language: pick(member.language, ['es', 'en', 'fr'] as const, 'es'),
      apartments,
    },
    secciones: sections.map((s) => ({
      SectId: s.id,
      SectCode: s.code,
      SectName: s.name,
      SectPosition: s.position,
      ExclusivaUsuarios: s.exclusiva_usuarios === 'Y' ? 'Y' : 'N',
      UserId: s.user_id ?? null,
    })),
    usuarioPermisos: permissions.map((p) => ({ Clave: p.clave, Tipo: p.tipo, Activa: p.activa === 1 ? 1 : 0 })),
    permisosRoles: functions.map((f) => ({ Funcion: f.funcion, Tipo: f.tipo })),
  };
}

/** What the shared rules read about the caller. */
export type AccessData = Pick<SessionData, 'condo' | 'usuario' | 'usuarioPermisos' | 'permisosRoles'>;

export async function loadAccess(db: Kysely<Database>, auth: Auth): Promise<AccessData> {
  // The photo link and user hash are not needed to decide anything.
  return loadSessionData(
    db,
    auth,
    () => '',
    async () => '',
  );
}
