// The visitor pass (invitacion/{CondoId}/{QR}, src/api/passes.ts). Public, no session: the QR is the permission.
import type { FastifyInstance } from 'fastify';
import { type PassAnswer, PassParams, PassPdfQuery } from '../../src/api/passes';
import { PASS_PATHS } from '../../src/api/visitorPaths';
import type { Language } from '../../src/i18n/languages';
import { findPass } from '../domain/passes/passes';
import { passPdf } from '../domain/passes/passPdf';
import { AppError } from '../errors';

/** Spec §8: the pass page's own message. */
const passNotFound = () => new AppError(404, 'NOT_FOUND', 'pass.notFound');

export default async function passRoutes(app: FastifyInstance) {
  // Anyone with the pass's link; unknown and revoked passes are the same 404.
  app.get<{ Params: { condoId: number; qr: string } }>(
    PASS_PATHS.view(':condoId', ':qr'),
    { schema: { params: PassParams } },
    async (request): Promise<PassAnswer> => {
      const pass = await findPass(app.db, request.params.condoId, request.params.qr);
      if (!pass) throw passNotFound();
      return { success: true, data: pass };
    },
  );

  // Anyone with the pass's link: the same pass as a one-page PDF with its QR, in the page's language.
  app.get<{ Params: { condoId: number; qr: string }; Querystring: { lang?: Language } }>(
    PASS_PATHS.pdf(':condoId', ':qr'),
    { schema: { params: PassParams, querystring: PassPdfQuery } },
    async (request, reply) => {
      const pass = await findPass(app.db, request.params.condoId, request.params.qr);
      if (!pass) throw passNotFound();
      const pdf = await passPdf(pass, request.query.lang ?? request.language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="pase-${pass.ClaveManual}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
