// Screens that stay in the legacy application (spec §2.2 "Legacy app links"), who may open them, and
// their address under LEGACY_APP_URL. With no legacy URL configured none of them is offered.
import { canSeeAccountStatement, isAdmin, isGuard } from './permissions';
import type { SessionData } from './sessions';

export type LegacyLinkKey = 'accountStatement' | 'paymentReceipts' | 'accessLog' | 'parcelLog' | 'penalties';

export interface LegacyLink {
  key: LegacyLinkKey;
  /** Absolute URL in the legacy application. */
  url: string;
  /** The main menu, or the profile menu. The directories were the profile menu's (spec §2.3) until issue 16
   * built them here (src/views/directory, menuModel.profileMenu). */
  place: 'menu' | 'profile';
}

export const LEGACY_PATHS: Record<LegacyLinkKey, string> = {
  accountStatement: 'estado-cta',
  paymentReceipts: 'comprobantes-de-pago',
  accessLog: 'access-control/binnacle',
  parcelLog: 'parcel/binnacle',
  penalties: 'automatic/penalties',
};

/** The legacy app's login page (its path is ours to choose: the spec names none), and its logout flag. */
export const LEGACY_LOGIN_PATH = 'login';
export const legacyLogoutUrl = (base: string) => legacyUrl(base, LEGACY_LOGIN_PATH, { logout: '1' });

export function legacyUrl(base: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

type Data = Pick<SessionData, 'app' | 'condo' | 'usuario' | 'usuarioPermisos'>;

/** Guards, supervisors and administrators keep the access and parcel logs. */
const keepsLogs = (user: SessionData['usuario']) => isGuard(user) || user.UserIsSupervisor === 'Y' || isAdmin(user);

/**
 * The legacy links a user is offered. The spec gives the rule for the account statement only (COM-EDO);
 * the others follow docs/decisions.md: payment receipts with the account statement, the logs for the
 * people who keep them, and penalties for administrators. The directories are ours since issue 16.
 */
export function legacyLinks(data: Data): LegacyLink[] {
  const base = data.app.legacyAppUrl;
  if (!base) return [];
  const links: LegacyLink[] = [];
  const add = (key: LegacyLinkKey, place: LegacyLink['place'], query?: Record<string, string>) =>
    links.push({ key, place, url: legacyUrl(base, LEGACY_PATHS[key], query) });
  if (canSeeAccountStatement(data)) {
    add('accountStatement', 'menu');
    add('paymentReceipts', 'menu');
  }
  if (keepsLogs(data.usuario)) {
    add('accessLog', 'menu');
    add('parcelLog', 'menu');
  }
  if (isAdmin(data.usuario)) add('penalties', 'menu', { id: String(data.condo.CondoId) });
  return links;
}
