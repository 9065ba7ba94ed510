// The legacy app sends the page to open as ?redirectURL= in its own encoding (spec §2.8): '_' stands for
// '/', 'h1s' for '#' and 'h2s' for '!'. Only a path of this app comes out; anything else is null.
import { safeReturnUrl } from '../common/returnUrl';

export function decodeRedirectUrl(encoded: string | null | undefined): string | null {
  const value = encoded?.trim();
  if (!value) return null;
  const decoded = value.replaceAll('_', '/').replaceAll('h1s', '#').replaceAll('h2s', '!');
  // "condominio_comunicacion" and "_condominio_comunicacion" both mean /condominio/comunicacion.
  const path = decoded.startsWith('/') ? decoded : `/${decoded}`;
  if (/[\\\s]/.test(path) || /^\/[^/]*:/.test(path)) return null;
  return safeReturnUrl(path);
}
