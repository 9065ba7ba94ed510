// Sign-in, condominium login, session data and sign-out (spec §3.1, §7 "Calls whose path … not shown"),
// the privacy notice's rule, and mi-perfil's "Sesiones activas": the user's live sessions, ended one by one
// or all but this one.
import { array, boolean, enums, type Infer, literal, nullable, number, object, optional, size, string } from 'superstruct';
import { EMAIL_PATTERN, Email, Id, PageQueryOf } from './validation';

export const SESSION_PATHS = {
  signIn: '/--sesiones/sign-in',
  condoLogin: '/--sesiones/condo-login',
  sessionData: '/--sesiones/session-data',
  signOut: '/--sesiones/sign-out',
  /** Signed in: GET ?limit=&offset=, the user's live sessions in every condominium, this one first. */
  activeSessions: '/--sesiones/active-sessions',
  /** Signed in: POST { id }, ends another of the user's sessions at once (not this one: sign-out is for it). */
  revokeSession: '/--sesiones/revoke-session',
  /** Signed in: POST, ends every other session of the user, and their unfinished sign-ins. */
  revokeOtherSessions: '/--sesiones/revoke-other-sessions',
  /** Public: GET → LegacyLoginAnswer, where login-redirect?logout=1 ends (spec §2.8): the legacy app's login page
   * with its logout flag when LEGACY_APP_URL is set, else null (our own sign-in). */
  legacyLogin: '/--sesiones/legacy-login',
} as const;

export const LegacyLoginAnswer = object({ success: literal(true), url: nullable(string()) });
export type LegacyLoginAnswer = Infer<typeof LegacyLoginAnswer>;

/**
 * The privacy notice rule (spec §4): the condominium has notice text, it is active, and this member has not
 * accepted it. While it holds, the dialog blocks the condominium area in the browser and the server refuses
 * every signed-in call but BEFORE_PRIVACY_NOTICE (./account.ts) with 403 PRIVACY_NOTICE_PENDING.
 */
export function privacyNoticePending(p: { notice: string | null; active: boolean; accepted: boolean }): boolean {
  return (p.notice ?? '').trim() !== '' && p.active && !p.accepted;
}

/** The header every request carries when a token exists. */
export { TOKEN_HEADER } from './tokenHeader';

export const SignInRequest = object({
  username: Email,
  password: size(string(), 1, 200),
  rememberMe: optional(boolean()),
  /** The public page's condominium, when signing in from it. */
  subdomain: optional(nullable(size(string(), 0, 63))),
});
export type SignInRequest = Infer<typeof SignInRequest>;

export const CondoChoice = object({
  CondoId: number(),
  UserId: number(),
  CondoName: string(),
  /** Why this condominium refuses the sign-in; null when it accepts it. */
  error: nullable(string()),
});
export type CondoChoice = Infer<typeof CondoChoice>;

export const SignInAnswer = object({
  success: literal(true),
  /** Short-lived; only good for choosing a condominium with condo-login. Its absence is a failure the
   * client reports (spec §8 Login), so the contract lets it be missing rather than rejecting the answer. */
  token: optional(nullable(string())),
  condos: array(CondoChoice),
});
export type SignInAnswer = Infer<typeof SignInAnswer>;

export const CondoLoginRequest = object({
  CondoId: Id,
  UserId: Id,
  token: size(string(), 10, 200),
});
export type CondoLoginRequest = Infer<typeof CondoLoginRequest>;

export const CondoLoginAnswer = object({
  success: literal(true),
  /** The session token sent as app-token from now on. */
  token: string(),
  /** The second product's token (the legacy application). */
  productToken: string(),
});
export type CondoLoginAnswer = Infer<typeof CondoLoginAnswer>;

const YesNo = enums(['Y', 'N']);

export const SessionCondo = object({
  CondoId: number(),
  CondoName: string(),
  CondoStatus: string(),
  endsubscription: nullable(string()),
  MostrarIngresos: enums(['T', 'M', 'X']),
  displaydirectory: enums(['R', 'E', 'M']),
  TipoDescarga: string(),
  tipoAvisos: string(),
  AvisoPrivacidad: nullable(string()),
  AvisoActivo: enums([0, 1]),
  /**
   * Our extension (not in spec §3.1): the condominium's time zone, an IANA name (condominiums.time_zone,
   * America/Mexico_City unless its administrators chose another in condoSettings). The screens show instants on
   * this clock, not the browser's (src/views/common/zonedTime.ts, useCondoTimeZone).
   */
  timeZone: string(),
});

export const SessionApartment = object({ AptId: number(), AptName: string(), TorreName: nullable(string()) });

export const SessionUser = object({
  UserId: number(),
  UserName: string(),
  UserEmail: string(),
  user_hash: string(),
  AptId: nullable(number()),
  UserIsAdmin: YesNo,
  UserIsBoard: YesNo,
  UserIsEmployed: YesNo,
  UserIsGuard: YesNo,
  UserIsSupervisor: YesNo,
  /** When the privacy notice was accepted; null = not accepted. */
  AvisoPrivacidad: nullable(string()),
  fotoSignedUrl: nullable(string()),
  language: enums(['es', 'en', 'fr']),
  apartments: array(SessionApartment),
});
export type SessionUser = Infer<typeof SessionUser>;

export const SessionSection = object({
  SectId: number(),
  SectCode: string(),
  SectName: string(),
  SectPosition: number(),
  ExclusivaUsuarios: YesNo,
  /** The signed-in user when they are attached to an exclusive section, else null. */
  UserId: nullable(number()),
});
export type SessionSection = Infer<typeof SessionSection>;

export const UserPermission = object({ Clave: string(), Tipo: string(), Activa: enums([0, 1]) });
export type UserPermission = Infer<typeof UserPermission>;

export const RoleFunction = object({ Funcion: string(), Tipo: number() });
export type RoleFunction = Infer<typeof RoleFunction>;

/** The paired gate device a shift session was opened on (issue 26, src/api/gateDevices.ts). */
export const SessionGateDevice = object({ id: number(), name: string(), accessPoint: string() });
export type SessionGateDevice = Infer<typeof SessionGateDevice>;

/** Deployment facts the browser needs: where the legacy application lives (null hides its links). */
export const SessionApp = object({ legacyAppUrl: nullable(string()) });

export const SessionData = object({
  condo: SessionCondo,
  condoLogo: object({ FileName: nullable(string()) }),
  usuario: SessionUser,
  secciones: array(SessionSection),
  usuarioPermisos: array(UserPermission),
  permisosRoles: array(RoleFunction),
  app: SessionApp,
  /** A shift session on a paired gate device names it: the browser shows the device shell. The server always
   * sends it (null for a person's own session); optional so older answers and fixtures still read. */
  dispositivo: optional(nullable(SessionGateDevice)),
});
export type SessionData = Infer<typeof SessionData>;

export const SessionDataAnswer = object({ success: literal(true), data: SessionData });
export type SessionDataAnswer = Infer<typeof SessionDataAnswer>;

export const OkAnswer = object({ success: literal(true) });

export const ACTIVE_SESSIONS_PAGE_SIZE = 10;
export const ActiveSessionsQuery = PageQueryOf(50);
export type ActiveSessionsQuery = Infer<typeof ActiveSessionsQuery>;

/** What the User-Agent said when the session was opened, as plain names (no versions); null: not told. */
export const SessionDevice = object({
  /** e.g. "Chrome", "Safari", "Firefox". */
  browser: nullable(string()),
  /** e.g. "Windows", "iOS", "Android", "macOS", "Linux". */
  os: nullable(string()),
  kind: nullable(enums(['desktop', 'mobile', 'tablet', 'tv'])),
});
export type SessionDevice = Infer<typeof SessionDevice>;

export const ActiveSession = object({
  id: number(),
  /** The session making this call: marked, and not ended from the list. */
  current: boolean(),
  device: SessionDevice,
  /** The client's address when it signed in (what the server can know without a location service). */
  address: nullable(string()),
  /** The condominium it was opened in. */
  condoName: string(),
  rememberMe: boolean(),
  /** ISO-8601 (UTC). */
  signedInAt: string(),
  /** ISO-8601 (UTC), to the minute. */
  lastUsedAt: string(),
});
export type ActiveSession = Infer<typeof ActiveSession>;

export const ActiveSessionsAnswer = object({ success: literal(true), items: array(ActiveSession), total: number() });
export type ActiveSessionsAnswer = Infer<typeof ActiveSessionsAnswer>;

export const RevokeSessionRequest = object({ id: Id });
export type RevokeSessionRequest = Infer<typeof RevokeSessionRequest>;

/** The sign-in form's rules (spec §5 Login), as message ids; the server checks the same with SignInRequest. */
export function signInFormErrors(
  email: string,
  password: string,
): { email?: 'login.emailInvalid'; password?: 'login.passwordRequired' } {
  return {
    ...(EMAIL_PATTERN.test(email.trim()) ? {} : { email: 'login.emailInvalid' as const }),
    ...(password.length > 0 ? {} : { password: 'login.passwordRequired' as const }),
  };
}
