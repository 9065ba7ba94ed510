// Raising an incident (at a checkpoint, the gate or the panel): its photos are checked to be images before anything
// is written; the incident, its photos, its history row, the notices to the supervisors and administrators and the
// live event are written in one transaction.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { INCIDENT_PHOTO_MAX_BYTES, type Incident, type IncidentRaiseRequest } from '../../../src/api/incidents';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { saveFile } from '../../infra/files/store';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { decodeAttachment } from '../shared/uploads';
import { timeZoneOf } from '../shared/zonedTime';
import { publishIncident, tellIncidentRaised } from './notices';
import { incidentAnswer } from './rows';

export async function raiseIncident(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  input: IncidentRaiseRequest,
  fileLink: (id: number) => string,
): Promise<Incident> {
  const photos = (input.photos ?? []).map((photo, index) => {
    const field = `photos.${index}`;
    const decoded = decodeAttachment(photo.dataUrl, index, { maxBytes: INCIDENT_PHOTO_MAX_BYTES, field });
    if (decoded.kind !== 'image') throw new AppError(400, ErrorCodes.badRequest, 'incidents.refusal.badPhoto', field);
    return decoded;
  });
  const timeZone = await timeZoneOf(db, auth.condoId);
  const id = await db.transaction().execute(async (trx) => {
    const at = clock.now().toISOString();
    const place = input.place.trim();
    const { id } = await trx
      .insertInto('incidents')
      .values({
        condo_id: auth.condoId,
        category: input.category,
        severity: input.severity,
        state: 'open',
        source: input.source,
        description: input.description.trim(),
        place,
        checkpoint_id: input.checkpointId ?? null,
        reported_by: auth.userId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, photo] of photos.entries()) {
      const fileId = await saveFile(trx, {
        ownerUserId: auth.userId,
        contentType: photo.contentType,
        data: photo.data,
        createdAt: at,
      });
      await trx.insertInto('incident_photos').values({ incident_id: id, file_id: fileId, position }).execute();
    }
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'incident',
      entityId: id,
      action: 'create',
      after: { state: 'open', category: input.category, place },
      at,
    });
    await tellIncidentRaised(trx, clock, { condoId: auth.condoId, id, place, reportedBy: auth.userId });
    await publishIncident(trx, clock, auth.condoId, id);
    return id;
  });
  return incidentAnswer(db, auth.condoId, id, { timeZone, fileLink });
}
