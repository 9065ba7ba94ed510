// Proxies (cartas poder) and votes on an assembly's agenda items (src/api/assemblyVotes.ts, issue 32). Whoever sees
// assemblies reaches these routes (canSeeAssemblies); the domain decides by the dwelling (an owner gives and
// withdraws its proxy, a seat's owner or holder votes) and by who manages the assembly (deciding proxies, opening
// and closing items, a show of hands: requireManager, 403). Another condominium's assembly is unknown (404).
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import {
  ASSEMBLY_VOTE_PATHS,
  DecideProxyRequest,
  GiveProxyRequest,
  OpenItemRequest,
  type ProxiesAnswer,
  VoteRequest,
  type VotingAnswer,
} from '../../src/api/assemblyVotes';
import { canSeeAssemblies } from '../../src/api/permissions';
import { IdParam } from '../../src/api/validation';
import { decideProxy, giveProxy, proxyBoard, proxyDocument, withdrawProxy } from '../domain/assemblies/proxies';
import { managesAssemblies, requireManager } from '../domain/assemblies/settings';
import { castItemVote, closeItem, openItem, votingOf } from '../domain/assemblies/votes';
import type { Auth } from '../domain/shared/auth';
import { signedInRoutes } from './guards';

const AssemblyParams = object({ assemblyId: IdParam });
const ProxyParams = object({ assemblyId: IdParam, proxyId: IdParam });
const ItemParams = object({ assemblyId: IdParam, itemId: IdParam });
type A = { assemblyId: number };
type P = A & { proxyId: number };
type I = A & { itemId: number };

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

export default async function assemblyVoteRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const see = { allow: canSeeAssemblies } as const;
  const viewing = async (auth: Auth) => ({ auth, manages: await managesAssemblies(app.db, auth) });
  const managing = async (auth: Auth) => {
    await requireManager(app.db, auth);
    return { auth, manages: true };
  };

  routes.get<{ Params: A }>(
    ASSEMBLY_VOTE_PATHS.proxies,
    { schema: { params: AssemblyParams }, ...see },
    async (request): Promise<ProxiesAnswer> => ({
      success: true,
      data: await proxyBoard(app.db, await viewing(request.auth), request.params.assemblyId),
    }),
  );

  routes.post<{ Params: A; Body: GiveProxyRequest }>(
    ASSEMBLY_VOTE_PATHS.give,
    { schema: { params: AssemblyParams, body: GiveProxyRequest }, ...see },
    async (request): Promise<ProxiesAnswer> => ({
      success: true,
      data: await giveProxy(app.db, app.clock, await viewing(request.auth), request.params.assemblyId, request.body),
    }),
  );

  routes.post<{ Params: P }>(
    ASSEMBLY_VOTE_PATHS.withdraw,
    { schema: { params: ProxyParams }, ...see },
    async (request): Promise<ProxiesAnswer> => ({
      success: true,
      data: await withdrawProxy(
        app.db,
        app.clock,
        await viewing(request.auth),
        request.params.assemblyId,
        request.params.proxyId,
      ),
    }),
  );

  routes.post<{ Params: P; Body: DecideProxyRequest }>(
    ASSEMBLY_VOTE_PATHS.decide,
    { schema: { params: ProxyParams, body: DecideProxyRequest }, ...see },
    async (request): Promise<ProxiesAnswer> => {
      const { assemblyId, proxyId } = request.params;
      return {
        success: true,
        data: await decideProxy(app.db, app.clock, await managing(request.auth), assemblyId, proxyId, request.body),
      };
    },
  );

  routes.get<{ Params: P }>(ASSEMBLY_VOTE_PATHS.document, { schema: { params: ProxyParams }, ...see }, async (request, reply) => {
    const { assemblyId, proxyId } = request.params;
    const file = await proxyDocument(app.db, await viewing(request.auth), assemblyId, proxyId);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="carta-poder-${proxyId}.${EXTENSIONS[file.contentType] ?? 'bin'}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(file.data);
  });

  routes.get<{ Params: A }>(
    ASSEMBLY_VOTE_PATHS.voting,
    { schema: { params: AssemblyParams }, ...see },
    async (request): Promise<VotingAnswer> => ({
      success: true,
      data: await votingOf(app.db, await viewing(request.auth), request.params.assemblyId),
    }),
  );

  routes.post<{ Params: I; Body: OpenItemRequest }>(
    ASSEMBLY_VOTE_PATHS.open,
    { schema: { params: ItemParams, body: OpenItemRequest }, ...see },
    async (request): Promise<VotingAnswer> => {
      const { assemblyId, itemId } = request.params;
      return {
        success: true,
        data: await openItem(app.db, app.clock, await managing(request.auth), assemblyId, itemId, request.body),
      };
    },
  );

  routes.post<{ Params: I }>(
    ASSEMBLY_VOTE_PATHS.close,
    { schema: { params: ItemParams }, ...see },
    async (request): Promise<VotingAnswer> => {
      const { assemblyId, itemId } = request.params;
      return { success: true, data: await closeItem(app.db, app.clock, await managing(request.auth), assemblyId, itemId) };
    },
  );

  routes.post<{ Params: I; Body: VoteRequest }>(
    ASSEMBLY_VOTE_PATHS.vote,
    { schema: { params: ItemParams, body: VoteRequest }, ...see },
    async (request): Promise<VotingAnswer> => {
      const { assemblyId, itemId } = request.params;
      const caller = await viewing(request.auth);
      return { success: true, data: await castItemVote(app.db, app.clock, caller, assemblyId, itemId, request.body, false) };
    },
  );

  routes.post<{ Params: I; Body: VoteRequest }>(
    ASSEMBLY_VOTE_PATHS.record,
    { schema: { params: ItemParams, body: VoteRequest }, ...see },
    async (request): Promise<VotingAnswer> => {
      const { assemblyId, itemId } = request.params;
      const caller = await managing(request.auth);
      return { success: true, data: await castItemVote(app.db, app.clock, caller, assemblyId, itemId, request.body, true) };
    },
  );
}
