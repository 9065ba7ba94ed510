// Account calls around the session (issue 3): the privacy notice, the profile language, the password
// reset by e-mail, and the login-redirect bridge's one-time token. Paths follow DESIGN.md §1.
import { enums, type Infer, literal, object, optional, pattern, size, string } from 'superstruct';
import { SESSION_PATHS } from './sessions';
import { Email } from './validation';

export const ACCOUNT_PATHS = {
  /** Signed in: records that the user accepted this condominium's privacy notice (spec §4). */
  acceptPrivacyNotice: '/--sesiones/accept-privacy-notice',
  /** Signed in: saves the interface language to the profile (spec §1). */
  language: '/--sesiones/language',
  /** Anyone: e-mails a one-time reset link; the same answer whether or not the address exists. */
  forgotPassword: '/--sesiones/forgot-password',
  /** Anyone with a reset token: sets a new password and revokes every session of the user. */
  resetPassword: '/--sesiones/reset-password',
  /** Signed in: a short-lived, single-use token another app (the legacy one) can send back as antkn. */
  bridgeToken: '/--sesiones/bridge-token',
  /** Anyone with a bridge token (antkn): a new condo session for its user and condominium (spec §2.8). */
  changeCondoSession: '/--sesiones/change-condo-session',
} as const;

/**
 * The signed-in calls a member may make before accepting a pending privacy notice: none of them reads or
 * writes the condominium's data. What the notice dialog itself needs (the session data it is shown from,
 * accepting, and signing out, which is what rejecting does), the person's interface language (theirs, not
 * the condominium's), and seeing and ending their own sessions, which must never wait on anything.
 */
export const BEFORE_PRIVACY_NOTICE: readonly string[] = [
  SESSION_PATHS.sessionData,
  SESSION_PATHS.signOut,
  ACCOUNT_PATHS.acceptPrivacyNotice,
  ACCOUNT_PATHS.language,
  SESSION_PATHS.activeSessions,
  SESSION_PATHS.revokeSession,
  SESSION_PATHS.revokeOtherSessions,
];

/** Minutes a reset link stays valid. */
export const RESET_TOKEN_MINUTES = 60;
/** Seconds a bridge token (antkn) stays valid. */
export const BRIDGE_TOKEN_SECONDS = 120;

/**
 * The password rule both sides apply: 8 to 200 characters with at least one letter and one digit.
 * Returns a message id, or null when the password is acceptable.
 */
export function passwordProblem(password: string): 'password.tooShort' | 'password.needsLetterAndDigit' | null {
  if (password.length < 8 || password.length > 200) return 'password.tooShort';
  if (!/\p{L}/u.test(password) || !/\d/.test(password)) return 'password.needsLetterAndDigit';
  return null;
}

export const NewPassword = size(string(), 8, 200);
const Token = size(pattern(string(), /^[A-Za-z0-9_-]+$/), 20, 200);

export const AcceptPrivacyAnswer = object({
  success: literal(true),
  /** When the notice was accepted (ISO-8601), the new usuario.AvisoPrivacidad. */
  AvisoPrivacidad: string(),
});

export const LanguageRequest = object({ language: enums(['es', 'en', 'fr']) });
export type LanguageRequest = Infer<typeof LanguageRequest>;

export const ForgotPasswordRequest = object({ email: Email, language: optional(enums(['es', 'en', 'fr'])) });
export type ForgotPasswordRequest = Infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = object({ token: Token, password: NewPassword });
export type ResetPasswordRequest = Infer<typeof ResetPasswordRequest>;

export const BridgeTokenAnswer = object({ success: literal(true), token: string() });

export const ChangeCondoSessionRequest = object({ antkn: Token });
export type ChangeCondoSessionRequest = Infer<typeof ChangeCondoSessionRequest>;

/** Same shape as condo-login's answer. */
export const ChangeCondoSessionAnswer = object({ success: literal(true), token: string(), productToken: string() });

export const MessageAnswer = object({ success: literal(true), message: string() });
