import type { FastifyInstance } from 'fastify';
import { ErrorCodes } from '../../src/api/errors';
import {
  CondoIdParams,
  PUBLIC_CONTACT_PATHS,
  PUBLIC_PAGE_PATHS,
  type PublicCondo,
  PublicContactRequest,
  SubdomainParams,
  subdomainOfHost,
} from '../../src/api/publicPage';
import { findPublicCondo } from '../domain/publicPage/publicCondo';
import {
  CAPTCHA_REFUSED,
  CONTACT_SENT,
  mailPublicContact,
  receivePublicContact,
  requireValidContact,
} from '../domain/publicPage/publicContact';
import { AppError, notFound } from '../errors';
import { newCaptchaChallenge } from '../infra/captcha';
import { formatMessage } from '../messages';
import { SCREEN_KEEP_SECONDS } from '../plugins/keptAnswers';

// Public, no session: what the condominium's public page shows, and what it sends.
export default async function publicPageRoutes(app: FastifyInstance) {
  const kept = app.keptAnswers.hooks(SCREEN_KEEP_SECONDS);
  const keptPublicAnswer = { onRequest: kept.lookup, onSend: kept.onSend };
  const found = (condo: PublicCondo | null) => {
    if (!condo) throw notFound('errors.notFound.condo');
    return { success: true as const, data: condo };
  };

  app.get<{ Params: { id: number } }>(
    PUBLIC_PAGE_PATHS.condoById(':id'),
    { schema: { params: CondoIdParams }, ...keptPublicAnswer },
    async (request) => found(await findPublicCondo(app.db, { id: request.params.id })),
  );

  app.get<{ Params: { subdomain: string } }>(
    PUBLIC_PAGE_PATHS.condoBySubdomain(':subdomain'),
    { schema: { params: SubdomainParams } },
    async (request) => found(await findPublicCondo(app.db, { subdomain: request.params.subdomain })),
  );

  // Anyone: the condominium the request's host names (its subdomain, relative to PUBLIC_BASE_DOMAIN when
  // set). 404 when the host names none (e.g. localhost: the page then needs ?id=).
  app.get(PUBLIC_CONTACT_PATHS.condoByHost, async (request) => {
    const subdomain = subdomainOfHost(request.host, app.config.publicBaseDomain);
    if (!subdomain) throw notFound('errors.notFound.condo');
    return { ...found(await findPublicCondo(app.db, { subdomain })), subdomain };
  });

  // Anyone: a fresh ALTCHA challenge for the contact and access forms.
  app.get(PUBLIC_CONTACT_PATHS.captcha, async (request, reply) => {
    await app.rateLimiter.consume([{ limit: 'captchaChallengePerIp', key: request.ip }]);
    reply.header('cache-control', 'no-store');
    return { success: true as const, challenge: await newCaptchaChallenge(app.db, app.clock) };
  });

  // Anyone with a solved captcha: a contact or access request, stored and mailed to the administrators.
  // A missing, invalid, expired or already used solution is refused (400 on cf_capcha) before anything is
  // stored or mailed.
  app.post<{ Body: PublicContactRequest }>(
    PUBLIC_CONTACT_PATHS.contact,
    { schema: { body: PublicContactRequest } },
    async (request) => {
      await app.rateLimiter.consume([{ limit: 'publicContactPerIp', key: request.ip }]);
      const body = request.body;
      requireValidContact(body);
      const outcome = await receivePublicContact(app.db, app.clock, body, request.ip);
      if (outcome.verdict !== 'ok') {
        request.log.info({ verdict: outcome.verdict }, 'public contact: captcha refused');
        throw new AppError(400, ErrorCodes.badRequest, CAPTCHA_REFUSED[body.kind], 'cf_capcha');
      }
      if (outcome.recipients.length === 0)
        request.log.warn({ condoId: body.condoId }, 'public contact: no administrator to mail');
      app.tasks.run('public contact mail', () => mailPublicContact(app.mailer, outcome, body));
      return { success: true, message: formatMessage(request.language, CONTACT_SENT[body.kind]) };
    },
  );
}
