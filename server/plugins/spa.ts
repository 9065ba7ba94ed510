// Serves the built browser app: hashed assets cached for a year, pre-compressed copies (brotli, gzip) when
// the browser accepts them, and every non-API path that is not a file answers index.html so the client
// router can take it (history fallback). The page is never taken from a cache: each answer carries its own
// style nonce, in the HTML and in its Content-Security-Policy (infra/contentSecurityPolicy.ts). The service
// worker's script (/sw.js) comes with the worker's own policy and, like every file not under /assets, no-cache,
// so the browser finds a new build's worker at once.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCodes } from '../../src/api/errors';
import { NONCE_PLACEHOLDER } from '../../src/api/pageNonce';
import { visitorPageAt } from '../../src/api/visitorPaths';
import { type Language, languageCookie, languageInQuery } from '../../src/i18n/languages';
import { AppError } from '../errors';
import { newNonce, pagePolicy, WORKER_POLICY } from '../infra/contentSecurityPolicy';
import { visitorPagePainter } from '../infra/firstPaint';
import { loadVisitorHints, visitorLanguage } from '../infra/visitorHints';

/** The service worker the build writes (vite.config.ts, installableApp; src/sw.ts). */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * The page with a fresh nonce where the build left its placeholder, and the policy naming it. No
 * validator (ETag, Last-Modified) goes with it: a page revalidated to 304 would keep its old nonce under
 * the new answer's policy.
 */
function sendPage(reply: FastifyReply, html: string) {
  const nonce = newNonce();
  return sendWithNonce(
    reply,
    html.replaceAll(NONCE_PLACEHOLDER, () => nonce),
    nonce,
  );
}

/** A page whose nonce is in it already (a painted one: its text is the page's own, never searched for the placeholder). */
function sendWithNonce(reply: FastifyReply, html: string, nonce: string, styleHashes: readonly string[] = []) {
  return reply
    .header('cache-control', 'no-cache')
    .header('content-security-policy', pagePolicy(nonce, styleHashes))
    .type('text/html; charset=utf-8')
    .send(html);
}

export default fp(async function spa(app: FastifyInstance, options: { root: string | null; apiPrefix: string }) {
  const { root, apiPrefix } = options;
  const hasBuild = root !== null && fs.existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      // The build writes a .br and a .gz beside each text file (vite.config.ts, precompress): sent as they
      // are to browsers that accept them, the original to the others.
      preCompressed: true,
      // The page itself is answered below, with its nonce.
      allowedPath: (pathname) => pathname !== '/index.html',
      // Our own cache-control below; the plugin's default (max-age=0) would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed bundles never change; translation files keep their name and are versioned by query instead.
        const inAssets = filePath.includes(`${path.sep}assets${path.sep}`);
        const immutable = inAssets && !filePath.includes(`${path.sep}assets${path.sep}i18n${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Set before securityHeaders.ts gives every script the resource policy, under which the worker could fetch
    // nothing (it keeps a policy an answer already has).
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.split('?')[0] === SERVICE_WORKER_PATH) reply.header('content-security-policy', WORKER_POLICY);
    });
  } else if (root !== null) {
    app.log.warn({ root }, 'no built browser app found: serving the API only (run `npm run build`)');
  }

  // Read once: every answer is this text with its own nonce. A visitor page's HTML also names what the
  // page will fetch first (server/infra/visitorHints.ts).
  const index = hasBuild ? fs.readFileSync(path.join(root, 'index.html'), 'utf8') : null;
  const hints = hasBuild ? loadVisitorHints(root) : null;
  // A guest registration or a pass comes with its first screen painted (infra/firstPaint.ts).
  const paint = hints?.paints ? visitorPagePainter(app, apiPrefix) : null;

  /** The painted page, or null (not a painted page, or painting failed: the page is then served unpainted). */
  async function paintedPage(
    request: FastifyRequest,
    page: { pathname: string; search: string; language: Language },
    nonce: string,
  ): Promise<{ html: string; styleHashes: string[] } | null> {
    if (!hints || !paint || request.method !== 'GET') return null;
    const { pathname } = page;
    try {
      const painted = await paint(request, page, nonce);
      const html = painted && hints.paintedHtmlFor(pathname, painted, nonce);
      return html ? { html, styleHashes: painted.styleHashes } : null;
    } catch (error) {
      request.log.warn({ err: error, pathname }, 'the visitor page could not be painted: served unpainted');
      return null;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === apiPrefix || request.url.startsWith(`${apiPrefix}/`);
    // A missing file under /assets (an old bundle a stale tab asks for) is a 404, not the page: HTML
    // where a script was expected would break that tab instead of letting it reload.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && index !== null && (request.method === 'GET' || request.method === 'HEAD')) {
      const [pathname = '', search = ''] = request.url.split('?');
      if (!visitorPageAt(pathname)) return sendPage(reply, index);
      const language = visitorLanguage(search, request.headers);
      reply.header('vary', 'accept-language, cookie');
      // The switch of a painted page asked for this language before the app ran: kept as the app keeps a pick.
      if (languageInQuery(search)) {
        reply.header('set-cookie', languageCookie(language, request.protocol === 'https'));
      }
      const nonce = newNonce();
      const painted = await paintedPage(request, { pathname, search, language }, nonce);
      if (painted) return sendWithNonce(reply, painted.html, nonce, painted.styleHashes);
      return sendPage(reply, hints?.htmlFor(pathname, language) ?? index);
    }
    throw new AppError(404, ErrorCodes.notFound, {
      id: 'errors.routeNotFound',
      values: { method: request.method, path: request.url.split('?')[0] ?? request.url },
    });
  });
});
