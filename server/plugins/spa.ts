// Serves the built browser app: hashed assets cached for a year, index.html never cached, pre-compressed
// copies (brotli, gzip) when the browser accepts them, and every non-API path that is not a file answers
// index.html so the client router can take it (history fallback).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCodes } from '../../src/api/errors';
import { loadVisitorHints } from '../domain/visitorHints';

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
      // Our own cache-control below; the plugin's default (max-age=0) would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed bundles never change; translation files keep their name and are versioned by query instead.
        const inAssets = filePath.includes(`${path.sep}assets${path.sep}`);
        const immutable = inAssets && !filePath.includes(`${path.sep}assets${path.sep}i18n${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else if (root !== null) {
    app.log.warn({ root }, 'no built browser app found: serving the API only (run `npm run build`)');
  }

  // A visitor page's HTML names what the page will fetch first (server/domain/visitorHints.ts).
  const hints = hasBuild ? loadVisitorHints(root) : null;

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === apiPrefix || request.url.startsWith(`${apiPrefix}/`);
    // A missing file under /assets (an old bundle a stale tab asks for) is a 404, not the page: HTML
    // where a script was expected would break that tab instead of letting it reload.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      const pathname = request.url.split('?')[0] ?? request.url;
      const hinted = hints?.htmlFor(pathname, request.headers['accept-language']);
      if (hinted) {
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-language')
          .type('text/html; charset=utf-8')
          .send(hinted);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ success: false, code: ErrorCodes.notFound, message: `${request.method} ${request.url} no existe.` });
  });
});
