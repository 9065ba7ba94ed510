// A page's style nonce (the Content-Security-Policy's style-src, server/plugins/securityHeaders.ts). The
// build writes this placeholder wherever the nonce goes (vite.config.ts, html.cspNonce: index.html's own
// tags and the <meta property="csp-nonce"> the app reads it from, src/views/app/styleNonce.ts); the server
// puts a fresh nonce in its place in every page it answers (server/plugins/spa.ts).
export const NONCE_PLACEHOLDER = 'page-nonce-placeholder';
