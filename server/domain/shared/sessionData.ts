// Everything the browser needs about the signed-in person and their condominium (spec §3.1), and the part of
// it the shared rules of src/api/permissions.ts read about the caller (loadAccess), so the server applies the
// same rules the browser's menus do. Shared: the sessions area answers the session data; routes/guards.ts
// decides every guarded route with loadAccess, and finance and management decide with it too.
import type { Kysely } from 'kysely';
import type { SessionData } from '../../../src/api/sessions';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import type { Auth } from './auth';
import { type CallerRows, loadCaller } from './viewer';

const yesNo = (flag: number) => (flag === 1 ? 'Y' : 'N') as 'Y' | 'N';

function pick<T extends string>(value: string, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

const activeSections = preparedQuery((db, condoId: number, userId: number) =>
  db
    .selectFrom('sections as s')
    .leftJoin('section_users as su', (join) => join.onRef('su.section_id', '=', 's.id').on('su.user_id', '=', userId))
    .select(['s.id', 's.code', 's.name', 's.position', 's.exclusiva_usuarios', 'su.user_id'])
    .where('s.condo_id', '=', condoId)
    .where('s.status', '=', 'A')
    .orderBy('s.position'),
);

/** The caller as the shared rules read them; the user hash and photo link only where the session data shows them. */
function accessOf(
  { member, dwellings, permissions, functions }: CallerRows,
  userHash: string,
  fotoSignedUrl: string | null,
): AccessData {
  const apartments = dwellings.map((d) => ({ AptId: d.id, AptName: d.name, TorreName: d.tower }));
  return {
    condo: {
      CondoId: member.condo_id,
      CondoName: member.condo_name,
      CondoStatus: member.condo_status,
      endsubscription: member.end_subscription,
      MostrarIngresos: pick(member.mostrar_ingresos, ['T', 'M', 'X'] as const, 'X'),
      displaydirectory: pick(member.display_directory, ['R', 'E', 'M'] as const, 'R'),
      TipoDescarga: member.tipo_descarga,
      tipoAvisos: member.tipo_avisos,
      AvisoPrivacidad: member.aviso_privacidad,
      AvisoActivo: member.aviso_activo === 1 ? 1 : 0,
      timeZone: member.time_zone,
    },
    usuario: {
      UserId: member.id,
      UserName: member.name,
      UserEmail: member.email,
      user_hash: userHash,
      AptId: apartments[0]?.AptId ?? null,
      UserIsAdmin: yesNo(member.is_admin),
      UserIsBoard: yesNo(member.is_board),
      UserIsEmployed: yesNo(member.is_employee),
      UserIsGuard: yesNo(member.is_guard),
      UserIsSupervisor: yesNo(member.is_supervisor),
      AvisoPrivacidad: member.privacy_accepted_at,
      fotoSignedUrl,
      language: pick(member.language, ['es', 'en', 'fr'] as const, 'es'),
      apartments,
    },
    usuarioPermisos: permissions.map((p) => ({ Clave: p.clave, Tipo: p.tipo, Activa: p.activa === 1 ? 1 : 0 })),
    permisosRoles: functions.map((f) => ({ Funcion: f.funcion, Tipo: f.tipo })),
  };
}

export async function loadSessionData(
  db: Kysely<Database>,
  auth: Auth,
  userHash: (userId: number) => string,
  photoUrl: (userId: number, fileId: number) => Promise<string>,
): Promise<Omit<SessionData, 'app'>> {
  const caller = await loadCaller(db, auth);
  const { member } = caller;
  const sections = await activeSections.all(db, auth.condoId, auth.userId);
  const photo = member.photo_file_id === null ? null : await photoUrl(member.id, member.photo_file_id);
  const { condo, usuario, usuarioPermisos, permisosRoles } = accessOf(caller, userHash(member.id), photo);
  return {
    condo,
    condoLogo: { FileName: member.logo_file_name },
    usuario,
    secciones: sections.map((s) => ({
      SectId: s.id,
      SectCode: s.code,
      SectName: s.name,
      SectPosition: s.position,
      ExclusivaUsuarios: s.exclusiva_usuarios === 'Y' ? 'Y' : 'N',
      UserId: s.user_id ?? null,
    })),
    usuarioPermisos,
    permisosRoles,
  };
}

/** What the shared rules read about the caller. */
export type AccessData = Pick<SessionData, 'condo' | 'usuario' | 'usuarioPermisos' | 'permisosRoles'>;

export async function loadAccess(db: Kysely<Database>, auth: Auth): Promise<AccessData> {
  const caller = await loadCaller(db, auth);
  // The photo link and user hash are not needed to decide anything (an empty link says there is a photo).
  return accessOf(caller, '', caller.member.photo_file_id === null ? null : '');
}
