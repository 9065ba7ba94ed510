// Which language a request is answered in (DESIGN.md §8): the signed-in user's profile language; for an
// anonymous caller the page's language when the address says it (?lang=es|en|fr, the visitor pass's link),
// else the first of Accept-Language the product speaks (the browser sends its interface language there),
// else Spanish. Refusals, success messages and the PDFs a request asks for read request.language.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLanguage, type Language } from '../../src/i18n/languages';
import { acceptedLanguages } from '../infra/visitorHints';

declare module 'fastify' {
  interface FastifyRequest {
    readonly language: Language;
  }
}

/** The first language of the header the product speaks ('en-GB' is English), or null. */
export function acceptedLanguage(header: string | undefined): Language | null {
  for (const tag of acceptedLanguages(header)) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

export default fp(async function language(app: FastifyInstance) {
  app.decorateRequest('language', {
    // Read when needed, so it sees the session resolved after the request arrived.
    getter(this: FastifyRequest): Language {
      if (this.auth) return this.auth.language;
      const asked = (this.query as { lang?: unknown } | undefined)?.lang;
      return isLanguage(asked) ? asked : (acceptedLanguage(this.headers['accept-language']) ?? 'es');
    },
  });
});
