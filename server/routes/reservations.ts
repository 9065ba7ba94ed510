// Facility reservations (src/api/reservations.ts). Thin: validated input, the domain call, the answer. Who may
// call each is written next to its path; the rules are src/api/permissions.ts's (canReadReservations,
// canManageFacilities), the changes src/api/reservationLifecycle.ts's, applied in server/domain/reservations.
// Employees have no Comunicación: every call but the signed file link refuses them before reading the body.
import type { FastifyInstance } from 'fastify';
import { canSeeCommunication } from '../../src/api/permissions';
import {
  AdminReservationsQuery,
  AvailabilityQuery,
  BookingRequest,
  DepositRequest,
  ExportQuery,
  FacilityDraft,
  FacilityParams,
  FacilityUpdateRequest,
  MyReservationsQuery,
  RESERVATIONS_PATHS,
  ReservationChangeRequest,
  ReservationParams,
} from '../../src/api/reservations';
import { book } from '../domain/reservations/book';
import { changeReservation, settleDeposit } from '../domain/reservations/change';
import { createFacility, updateFacility } from '../domain/reservations/facilities';
import { checkFacilityFileLink, facilityFile, facilityFileSigner } from '../domain/reservations/files';
import {
  adminReservations,
  availability,
  exportReservations,
  myReservations,
  readFacility,
  readReservation,
  reservationsHome,
} from '../domain/reservations/read';
import { signedInRoutes } from './guards';
import { signedFileRoute } from './signedFileRoute';

/** Six photos of 1.5 MB and the rules PDF as base64 data URLs, plus the rest of the draft. */
const FACILITY_BODY_LIMIT = 14_000_000;

export default async function reservationRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const signer = () => facilityFileSigner(app.db, app.clock, app.prefix);
  // Not employees; readers of an RI section are checked in the domain (403 for anyone who reads none).
  const communication = { allow: canSeeCommunication };

  routes.get(RESERVATIONS_PATHS.home, communication, async (request) =>
    reservationsHome(app.db, app.clock, request.auth, await signer()),
  );

  // Readers; an inactive facility only to administrators (404 otherwise).
  routes.get<{ Params: { facilityId: number } }>(
    RESERVATIONS_PATHS.facility(':facilityId'),
    { schema: { params: FacilityParams }, ...communication },
    async (request) => readFacility(app.db, app.clock, request.auth, request.params.facilityId, await signer()),
  );

  routes.get<{ Querystring: AvailabilityQuery }>(
    RESERVATIONS_PATHS.availability,
    { schema: { querystring: AvailabilityQuery }, ...communication },
    async (request) => availability(app.db, app.clock, request.auth, request.query),
  );

  // Readers, for one of their own dwellings: 201, or 409 BookingRefused.
  routes.post<{ Body: BookingRequest }>(
    RESERVATIONS_PATHS.book,
    { schema: { body: BookingRequest }, ...communication },
    async (request, reply) => reply.code(201).send(await book(app.db, app.clock, request.auth, request.body)),
  );

  routes.get<{ Querystring: MyReservationsQuery }>(
    RESERVATIONS_PATHS.mine,
    { schema: { querystring: MyReservationsQuery }, ...communication },
    async (request) => myReservations(app.db, app.clock, request.auth, request.query),
  );

  // Its dwelling's residents and administrators; 404 for anyone else.
  routes.get<{ Params: { reservationId: number } }>(
    RESERVATIONS_PATHS.reservation(':reservationId'),
    { schema: { params: ReservationParams }, ...communication },
    async (request) => readReservation(app.db, app.clock, request.auth, request.params.reservationId),
  );

  // The lifecycle's table for the caller's roles (permissions.reservationRolesOf); 409 otherwise.
  routes.post<{ Body: ReservationChangeRequest }>(
    RESERVATIONS_PATHS.change,
    { schema: { body: ReservationChangeRequest }, ...communication },
    async (request) => changeReservation(app.db, app.clock, request.auth, request.body),
  );

  // Administrators (permissions.canManageFacilities), checked in the domain after the RI reader check.
  routes.post<{ Body: DepositRequest }>(
    RESERVATIONS_PATHS.deposit,
    { schema: { body: DepositRequest }, ...communication },
    async (request) => settleDeposit(app.db, app.clock, request.auth, request.body),
  );

  routes.get<{ Querystring: AdminReservationsQuery }>(
    RESERVATIONS_PATHS.adminList,
    { schema: { querystring: AdminReservationsQuery }, ...communication },
    async (request) => adminReservations(app.db, app.clock, request.auth, request.query),
  );

  routes.get<{ Querystring: ExportQuery }>(
    RESERVATIONS_PATHS.export,
    { schema: { querystring: ExportQuery }, ...communication },
    async (request, reply) => {
      const file = await exportReservations(app.db, app.clock, request.auth, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  routes.post<{ Body: FacilityDraft }>(
    RESERVATIONS_PATHS.createFacility,
    { schema: { body: FacilityDraft }, ...communication, bodyLimit: FACILITY_BODY_LIMIT },
    async (request) => createFacility(app.db, app.clock, request.auth, request.body, await signer()),
  );

  routes.post<{ Body: FacilityUpdateRequest }>(
    RESERVATIONS_PATHS.updateFacility,
    { schema: { body: FacilityUpdateRequest }, ...communication, bodyLimit: FACILITY_BODY_LIMIT },
    async (request) => updateFacility(app.db, app.clock, request.auth, request.body, await signer()),
  );

  // Anyone holding an unexpired signed link (given only with a facility its holder may read): the bytes.
  signedFileRoute(app, {
    path: RESERVATIONS_PATHS.file(':fileId'),
    param: 'fileId',
    check: (link) => checkFacilityFileLink(app.db, app.clock, link),
    load: (id) => facilityFile(app.db, id),
  });
}
