// The browser hardening headers of every answer (OWASP ASVS 5, V3.4): helmet's (nosniff, the Referrer-Policy,
// X-Frame-Options, the cross-origin isolation headers), and ours: a Content-Security-Policy for any answer that
// did not set its own (pages set theirs with their nonce, server/plugins/spa.ts), HSTS over TLS, a
// Permissions-Policy, and no-store on API answers.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pagePolicy, RESOURCE_POLICY } from '../infra/contentSecurityPolicy';

/**
 * What helmet 8 (through @fastify/helmet) set on every answer with this app's options: its defaults but the
 * policies ours sets (CSP, HSTS), the referrer policy, frames denied. They never vary, so they are written as
 * they are: @fastify/helmet built helmet's middleware anew on every request, two hooks and a few percent of a
 * small read (issue 29). Set on the raw answer as helmet did, so an answer a route writes itself (the live
 * channel's stream) carries them too.
 */
export const HARDENING_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  // Another site learns at most our origin, never a path: pass and guest-link tokens live in paths.
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** The camera for this origin only (the gate scans QR codes); nothing else a page could ask for. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

export default fp(async function securityHeaders(app: FastifyInstance, options: { apiPrefix: string }) {
  const { config } = app;
  const hsts = `max-age=${config.hstsMaxAge}; includeSubDomains`;
  /** Over TLS as the browser sees it: a TLS socket, X-Forwarded-Proto behind TRUST_PROXY, or an https PUBLIC_URL. */
  const overTls = (request: FastifyRequest) => request.protocol === 'https' || config.publicUrl?.startsWith('https://') === true;
  // On every answer: tested on the address as it came, without cutting its query off.
  const prefixed = [`${options.apiPrefix}/`, `${options.apiPrefix}?`];
  const isApi = (url: string) => url === options.apiPrefix || url.startsWith(prefixed[0]!) || url.startsWith(prefixed[1]!);

  // Both hooks call done rather than return a promise: they run on every answer, and have nothing to wait for.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of HARDENING_HEADERS) raw.setHeader(name, value);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (config.hstsMaxAge > 0 && overTls(request)) reply.header('strict-transport-security', hsts);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      // A PDF is shown by the browser's own viewer, which a policy of this origin must not get in the way of.
      if (type.startsWith('text/html')) reply.header('content-security-policy', pagePolicy(null));
      else if (!type.startsWith('application/pdf')) reply.header('content-security-policy', RESOURCE_POLICY);
    }
    // API answers carry personal data: no cache keeps them unless the route says otherwise (signed file
    // links keep their private, immutable bytes). The app's own response cache (spec §7,
    // src/services/responseCache.ts) lives in its memory and does not read these headers.
    if (isApi(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
