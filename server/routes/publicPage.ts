import type { FastifyInstance } from 'fastify';
import { CondoIdParams, PUBLIC_PAGE_PATHS, type PublicCondo, SubdomainParams } from '../../src/api/publicPage';
import { findPublicCondo } from '../domain/publicCondo';
import { notFound } from '../errors';

// Public, no session: what the condominium's public page shows.
export default async function publicPageRoutes(app: FastifyInstance) {
  const found = (condo: PublicCondo | null) => {
    if (!condo) throw notFound('El condominio');
    return { success: true as const, data: condo };
  };

  app.get<{ Params: { id: number } }>(
    PUBLIC_PAGE_PATHS.condoById(':id'),
    { schema: { params: CondoIdParams } },
    async (request) => found(await findPublicCondo(app.db, { id: request.params.id })),
  );

  app.get<{ Params: { subdomain: string } }>(
    PUBLIC_PAGE_PATHS.condoBySubdomain(':subdomain'),
    { schema: { params: SubdomainParams } },
    async (request) => found(await findPublicCondo(app.db, { subdomain: request.params.subdomain })),
  );
}
