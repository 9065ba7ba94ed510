// The browser hardening headers of every answer (OWASP ASVS 5, V3.4): @fastify/helmet's (nosniff, the
// Referrer-Policy, X-Frame-Options, the cross-origin isolation headers), and ours: a Content-Security-
// Policy for any answer that did not set its own (pages set theirs with their nonce, server/plugins/spa.ts),
// HSTS over TLS, a Permissions-Policy, and no-store on API answers.
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pagePolicy, RESOURCE_POLICY } from '../infra/contentSecurityPolicy';

/** The camera for this origin only (the gate scans QR codes); nothing else a page could ask for. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

export default fp(async function securityHeaders(app: FastifyInstance, options: { apiPrefix: string }) {
  const { config } = app;
  await app.register(helmet, {
    // Ours, below: a page's depends on the answer (its nonce), and HSTS only means something over TLS.
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    // Another site learns at most our origin, never a path: pass and guest-link tokens live in paths.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });

  const hsts = `max-age=${config.hstsMaxAge}; includeSubDomains`;
  /** Over TLS as the browser sees it: a TLS socket, X-Forwarded-Proto behind TRUST_PROXY, or an https PUBLIC_URL. */
  const overTls = (request: FastifyRequest) => request.protocol === 'https' || config.publicUrl?.startsWith('https://') === true;
  const isApi = (url: string) => {
    const pathname = url.split('?')[0] ?? url;
    return pathname === options.apiPrefix || pathname.startsWith(`${options.apiPrefix}/`);
  };

  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (config.hstsMaxAge > 0 && overTls(request)) reply.header('strict-transport-security', hsts);
  });

  app.addHook('onSend', async (request, reply, payload) => {
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
    return payload;
  });
});
