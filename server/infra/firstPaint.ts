// A visitor page's first screen painted on the server (issue 29: a phone at the gate on a slow network sees
// the event or the pass about a second sooner). The page's first call is asked of this very server
// (app.inject: the same route, checks and answer as the browser's call, with the visitor's address for the
// rate limits), and the browser's own page renders that answer (src/views/app/firstPaint.tsx). Anything that
// goes wrong leaves the page as it was: served with its hints, painted by the browser.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { visitorPageAt } from '../../src/api/visitorPaths';
import { visitorMessages } from '../../src/i18n/catalogScope';
import type { Language } from '../../src/i18n/languages';
import type { Messages } from '../../src/i18n/loadMessages';
import { compileCatalog } from '../../src/i18n/node/compileCatalog';
import { styleAttributeHashes } from './contentSecurityPolicy';
import type { PaintedPage } from './visitorHints';

type Renderer = typeof import('../../src/views/app/firstPaint');

/** Paints the visitor page at `pathname` for `request`, its <style>s with `nonce`; null when it is not painted. */
export type PaintVisitorPage = (
  request: FastifyRequest,
  page: { pathname: string; search: string; language: Language },
  nonce: string,
) => Promise<PaintedPage | null>;

export function visitorPagePainter(app: FastifyInstance, apiPrefix: string): PaintVisitorPage {
  // Loaded with the first visitor page, not at start: React's server renderer and the pages are a chunk of
  // their own in the built server (scripts/buildServer.mjs), and most starts never paint a page.
  let renderer: Promise<Renderer> | null = null;
  // Run by tsx (the dev server, some benches) node cannot import the views' style sheets: the renderer is then
  // unavailable, said once, and pages are served unpainted as before.
  let unavailable = false;
  const catalogs = new Map<Language, Messages>();
  const catalogOf = (language: Language) => {
    let messages = catalogs.get(language);
    if (!messages) {
      // What the browser's visitor catalog holds, parsed as the build parses it.
      messages = visitorMessages(compileCatalog(language, 'browser'));
      catalogs.set(language, messages);
    }
    return messages;
  };

  return async (request, { pathname, search, language }, nonce) => {
    if (unavailable || !visitorPageAt(pathname)?.firstCall) return null;
    renderer ??= import('../../src/views/app/firstPaint');
    let loaded: Renderer;
    try {
      loaded = await renderer;
    } catch (error) {
      unavailable = true;
      app.log.warn({ err: error }, 'visitor pages are served unpainted: the first-paint renderer could not be loaded');
      return null;
    }
    const { paintedCall, renderFirstPaint } = loaded;
    const call = paintedCall(pathname);
    if (!call) return null;
    const response = await app.inject({
      method: 'GET',
      url: `${apiPrefix}${call}`,
      // The language the page is painted in: the browser's call carries its page's language the same way.
      headers: { 'accept-language': language, 'user-agent': request.headers['user-agent'] ?? '' },
      remoteAddress: request.ip,
    });
    // A refusal (an unknown link, a revoked pass) is left to the browser, which shows it as it always has.
    if (response.statusCode !== 200) return null;
    const answer: unknown = response.json();
    const painted = await renderFirstPaint({
      pathname,
      search,
      language,
      messages: catalogOf(language),
      answer,
      styleNonce: nonce,
    });
    if (!painted) return null;
    const { html, title } = painted;
    return { html, title, language, call, answer, styleHashes: styleAttributeHashes(html) };
  };
}
