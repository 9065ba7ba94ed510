// Sign-in, condominium login, session data and sign-out (spec §3.1, §7 "Calls whose path … not shown").
import { array, boolean, enums, type Infer, literal, nullable, number, object, optional, size, string } from 'superstruct';
import { EMAIL_PATTERN, Email, Id } from './validation';

export const SESSION_PATHS = {
  signIn: '/--sesiones/sign-in',
  condoLogin: '/--sesiones/condo-login',
  sessionData: '/--sesiones/session-data',
  signOut: '/--sesiones/sign-out',
} as const;

/** The header every request carries when a token exists. */
export const TOKEN_HEADER = 'app-token';

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
});
export type SessionData = Infer<typeof SessionData>;

export const SessionDataAnswer = object({ success: literal(true), data: SessionData });

export const OkAnswer = object({ success: literal(true) });

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
