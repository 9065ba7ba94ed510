// The nonce this page's Content-Security-Policy allows <style> elements with (server/plugins/spa.ts puts a
// fresh one in every page, in <meta property="csp-nonce">). Mantine's style elements take it through
// MantineProvider's getStyleNonce (App.tsx); react-remove-scroll's, inside every Modal, through get-nonce.
import { setNonce } from 'get-nonce';

/** Read once: the browser hides a nonce attribute's value after parsing, so it is the `nonce` property. */
function readNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

export const styleNonce = readNonce();

/** Before the first render: the libraries that insert <style> elements outside React ask get-nonce. */
export function shareStyleNonce(): void {
  if (styleNonce) setNonce(styleNonce);
}

/** MantineProvider's getStyleNonce; none on a page without the meta (the views tests), as Mantine does by default. */
export const getStyleNonce: (() => string) | undefined = styleNonce ? () => styleNonce : undefined;
