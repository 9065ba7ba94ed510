// Acting on an incident through its lifecycle (src/api/incidentsLifecycle.ts): attending and closing it, and the
// three steps of turning a maintenance incident into a request. The table decides (409 with the incident as it is
// when it does not list the action from its state, 403 when the caller's roles may not take it); the change is written
// WHERE version = the one the caller saw, so of two at once one wins and the other gets 409 and the fresh incident.
// Turning it into a request: claimRequest marks the incident (one call wins, as above); the route then files the
// request through the requests' own way in (server/domain/tickets/create.ts, reached through the route layer, as
// docs/architecture.md says); linkRequest records it (the incident is attended), or releaseRequest clears the mark
// when filing failed.
import type { Kysely, Updateable } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { Incident, IncidentChangeRequest } from '../../../src/api/incidents';
import { type IncidentAction, type IncidentRole, incidentTransition } from '../../../src/api/incidentsLifecycle';
import type { Database, IncidentTable } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { timeZoneOf } from '../shared/zonedTime';
import { publishIncident } from './notices';
import { type IncidentRow, incidentAnswer, incidentConflict, incidentFacts, incidentOf } from './rows';

interface Acting {
  auth: Auth;
  roles: readonly IncidentRole[];
  fileLink: (id: number) => string;
}

/** In `trx` (the condominium taken): the incident, once the table, the roles and the version allow `action`. */
async function allowed(trx: Kysely<Database>, acting: Acting, id: number, action: IncidentAction, version: number) {
  const { auth, fileLink } = acting;
  const row = await incidentOf(trx, auth.condoId, id);
  const words = { timeZone: await timeZoneOf(trx, auth.condoId), fileLink };
  const transition = incidentTransition(incidentFacts(row), action);
  if (!transition) throw await incidentConflict(trx, auth.condoId, id, words, 'incidents.refusal.notAllowed');
  if (!transition.roles.some((role) => acting.roles.includes(role))) throw forbidden();
  if (row.version !== version) throw await incidentConflict(trx, auth.condoId, id, words, 'incidents.refusal.stale');
  return { row, transition, words };
}

/** The update, only on the version seen; a lost race answers 409 with the winner's incident. */
async function writeOnVersion(
  trx: Kysely<Database>,
  acting: Acting,
  row: IncidentRow,
  values: Omit<Updateable<IncidentTable>, 'id' | 'version' | 'updated_at'>,
  at: string,
) {
  const result = await trx
    .updateTable('incidents')
    .set({ ...values, version: row.version + 1, updated_at: at })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    const words = { timeZone: await timeZoneOf(trx, acting.auth.condoId), fileLink: acting.fileLink };
    throw await incidentConflict(trx, acting.auth.condoId, row.id, words, 'incidents.refusal.stale');
  }
}

/** Attend or close. */
export async function changeIncident(
  db: Kysely<Database>,
  clock: Clock,
  acting: Acting,
  id: number,
  request: IncidentChangeRequest,
): Promise<Incident> {
  if (request.action === 'request') throw new AppError(400, ErrorCodes.badRequest, 'incidents.refusal.notAllowed', 'action');
  const { auth } = acting;
  const words = await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const { row, transition, words } = await allowed(trx, acting, id, request.action, request.version);
    const at = clock.now().toISOString();
    const note = request.note?.trim() || row.note;
    const who =
      request.action === 'attend' ? { attended_by: auth.userId, attended_at: at } : { closed_by: auth.userId, closed_at: at };
    await writeOnVersion(trx, acting, row, { state: transition.to, note, ...who }, at);
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'incident',
      entityId: id,
      action: request.action === 'attend' ? 'atender' : 'cerrar',
      before: { state: row.state },
      after: { state: transition.to },
      at,
    });
    await publishIncident(trx, clock, auth.condoId, id);
    return words;
  });
  return incidentAnswer(db, auth.condoId, id, words);
}

/** The first step of turning it into a request: the incident marked, so no second call starts one. */
export async function claimRequest(db: Kysely<Database>, clock: Clock, acting: Acting, id: number, version: number) {
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, acting.auth.condoId);
    const { row } = await allowed(trx, acting, id, 'request', version);
    const at = clock.now().toISOString();
    await writeOnVersion(trx, acting, row, { request_claimed_at: at }, at);
  });
  return incidentOf(db, acting.auth.condoId, id);
}

/** Filing the request failed: the mark is cleared, the incident may be turned into a request again. */
export async function releaseRequest(db: Kysely<Database>, auth: Auth, id: number) {
  await db
    .updateTable('incidents')
    .set((eb) => ({ request_claimed_at: null, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .where('ticket_id', 'is', null)
    .execute();
}

/** The request was filed: the incident links it and is attended. */
export async function linkRequest(db: Kysely<Database>, clock: Clock, acting: Acting, id: number, ticketId: number) {
  const { auth } = acting;
  const words = { timeZone: await timeZoneOf(db, auth.condoId), fileLink: acting.fileLink };
  await db.transaction().execute(async (trx) => {
    const row = await incidentOf(trx, auth.condoId, id);
    const at = clock.now().toISOString();
    const attended = row.state === 'open' ? { attended_by: auth.userId, attended_at: at } : {};
    await writeOnVersion(trx, acting, row, { state: 'attended', ticket_id: ticketId, ...attended }, at);
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'incident',
      entityId: id,
      action: 'vincular',
      before: { state: row.state },
      after: { state: 'attended', ticketId },
      at,
    });
    await publishIncident(trx, clock, auth.condoId, id);
  });
  return incidentAnswer(db, auth.condoId, id, words);
}
