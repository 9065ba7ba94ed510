// The one way a stored file is served behind a signed link (server/infra/files/fileLinks.ts): anyone holding
// an unexpired link an answer gave gets the bytes, cached privately until the link expires, never sniffed or
// run as a page. Posts' attachments, requests' attachments, message photos and poll attachments use it.
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import { ErrorCodes } from '../../src/api/errors';
import { IdParam } from '../../src/api/validation';
import { AppError, notFound } from '../errors';
import { SignedFileQuery } from '../infra/files/fileLinks';

export interface SignedFile {
  content_type: string;
  file_name: string;
  data: Uint8Array;
  /** 'image' opens in the browser; anything else (a PDF) downloads. Without a kind: inline. */
  kind?: string;
}

export interface SignedFileSource {
  /** The route pattern, with `:${param}` where the id goes. */
  path: string;
  param: string;
  check(link: { id: number; exp: number; sig: string }): Promise<'valid' | 'expired' | 'forged'>;
  load(id: number): Promise<SignedFile | undefined>;
}

export function signedFileRoute(app: FastifyInstance, source: SignedFileSource): void {
  app.get<{ Params: Record<string, number>; Querystring: { exp: number; sig: string } }>(
    source.path,
    { schema: { params: object({ [source.param]: IdParam }), querystring: SignedFileQuery } },
    async (request, reply) => {
      const { exp, sig } = request.query;
      const id = request.params[source.param]!;
      const check = await source.check({ id, exp, sig });
      if (check === 'forged') throw new AppError(403, ErrorCodes.forbidden, 'errors.file.linkInvalid');
      if (check === 'expired') throw new AppError(403, ErrorCodes.forbidden, 'errors.file.linkExpired');
      const file = await source.load(id);
      if (!file) throw notFound('errors.notFound.file');
      const maxAge = Math.max(0, exp - Math.floor(app.clock.now().getTime() / 1000));
      const disposition = file.kind === undefined || file.kind === 'image' ? 'inline' : 'attachment';
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.file_name)}`)
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(Buffer.from(file.data));
    },
  );
}
