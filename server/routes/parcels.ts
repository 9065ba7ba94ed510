// Parcels (src/api/parcels.ts). Logging, the waiting list and handing over are the gate's: canUseGate, and a
// paired device's shift session (gateShift). A member's own list needs a session only; the domain scopes it to
// their dwellings. Another condominium's parcel is as unknown as none (404).
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import {
  HandOverWithCodeRequest,
  HandOverWithSignatureRequest,
  MyParcelsQuery,
  PARCEL_PATHS,
  type ParcelAnswer,
  type ParcelArrivalAnswer,
  ParcelArrivalRequest,
  type ParcelDwellingsAnswer,
  type ParcelsPageAnswer,
  WaitingParcelsQuery,
} from '../../src/api/parcels';
import { canUseGate } from '../../src/api/permissions';
import { IdParam } from '../../src/api/validation';
import { logArrival } from '../domain/parcels/arrive';
import { checkParcelFileLink, parcelFile, parcelFileSigner } from '../domain/parcels/files';
import { handOver, requireParcel } from '../domain/parcels/handOver';
import { myParcels, parcelDwellings, waitingParcels } from '../domain/parcels/lists';
import { mailParcelArrived } from '../domain/parcels/mail';
import { SIGNED_IN, signedInRoutes } from './guards';
import { signedFileRoute } from './signedFileRoute';

/** A photo or a signature of 1.5 MB as a base64 data URL, plus the fields. */
const PARCEL_BODY_LIMIT = 2_300_000;
const ParcelParams = object({ parcelId: IdParam });

export default async function parcelRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const gate = { allow: canUseGate, gateShift: true } as const;
  const signer = () => parcelFileSigner(app.db, app.clock, app.prefix);

  routes.get(
    PARCEL_PATHS.dwellings,
    { ...gate },
    async (request): Promise<ParcelDwellingsAnswer> => ({
      success: true,
      items: await parcelDwellings(app.db, request.auth),
    }),
  );

  routes.post<{ Body: ParcelArrivalRequest }>(
    PARCEL_PATHS.arrive,
    { schema: { body: ParcelArrivalRequest }, ...gate, bodyLimit: PARCEL_BODY_LIMIT },
    async (request): Promise<ParcelArrivalAnswer> => {
      const { parcel, replayed } = await logArrival(app.db, app.clock, request.auth, request.body, await signer());
      // The residents' e-mails go after the answer; a replay mailed them the first time.
      if (!replayed) app.tasks.run('parcel arrived mail', () => mailParcelArrived(app.db, app.clock, app.mailer, parcel.id));
      return { success: true, data: parcel, replayed };
    },
  );

  routes.get<{ Querystring: WaitingParcelsQuery }>(
    PARCEL_PATHS.waiting,
    { schema: { querystring: WaitingParcelsQuery }, ...gate },
    async (request): Promise<ParcelsPageAnswer> => ({
      success: true,
      ...(await waitingParcels(app.db, request.auth, request.query, await signer())),
    }),
  );

  // Each attempt is counted on the parcel and on the person before the code is compared, so neither a guard
  // nor a stolen device can walk through the million codes.
  routes.post<{ Params: { parcelId: number }; Body: HandOverWithCodeRequest }>(
    PARCEL_PATHS.handOverWithCode,
    { schema: { params: ParcelParams, body: HandOverWithCodeRequest }, ...gate },
    async (request): Promise<ParcelAnswer> => {
      const { parcelId } = request.params;
      await requireParcel(app.db, request.auth, parcelId);
      await app.rateLimiter.consume([
        { limit: 'parcelCodePerParcel', key: String(parcelId) },
        { limit: 'parcelCodePerUser', key: String(request.auth.userId) },
      ]);
      const how = { method: 'code', code: request.body.code, collectedByName: request.body.collectedByName } as const;
      return { success: true, data: await handOver(app.db, app.clock, request.auth, parcelId, how, await signer()) };
    },
  );

  routes.post<{ Params: { parcelId: number }; Body: HandOverWithSignatureRequest }>(
    PARCEL_PATHS.handOverWithSignature,
    { schema: { params: ParcelParams, body: HandOverWithSignatureRequest }, ...gate, bodyLimit: PARCEL_BODY_LIMIT },
    async (request): Promise<ParcelAnswer> => {
      const how = { method: 'signature', ...request.body } as const;
      const parcel = await handOver(app.db, app.clock, request.auth, request.params.parcelId, how, await signer());
      return { success: true, data: parcel };
    },
  );

  routes.get<{ Querystring: MyParcelsQuery }>(
    PARCEL_PATHS.mine,
    { schema: { querystring: MyParcelsQuery }, allow: SIGNED_IN },
    async (request): Promise<ParcelsPageAnswer> => ({
      success: true,
      ...(await myParcels(app.db, app.clock, request.auth, request.query, await signer())),
    }),
  );

  signedFileRoute(app, {
    path: PARCEL_PATHS.file,
    param: 'fileId',
    check: (link) => checkParcelFileLink(app.db, app.clock, link),
    load: (id) => parcelFile(app.db, id),
  });
}
