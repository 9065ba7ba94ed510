// The incidents demo (issue 31) in Residencial Las Palmas: incidents in each state (open, attended, closed), raised by
// guardia@demo.mx at the rounds' checkpoints, the gate and the panel; one maintenance incident already turned into a
// request to the administration (the demo request for the same fault, DEMO_REQUEST_TITLE); and two shift handovers, the
// older read by supervisor@demo.mx, the latest waiting for the incoming guard. Deterministic for a given seed clock.
import type { Kysely } from 'kysely';
import type { IncidentCategory, IncidentSeverity, IncidentSource } from '../../../src/api/incidents';
import type { IncidentState } from '../../../src/api/incidentsLifecycle';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';

const HOUR = 3_600_000;

/** The demo request (server/db/seed/ticketsDemo.ts) the maintenance incident became: the demo keeps its forty requests. */
export const DEMO_REQUEST_TITLE = 'Foco fundido en el pasillo del piso 3';

interface DemoIncident {
  category: IncidentCategory;
  severity: IncidentSeverity;
  state: IncidentState;
  source: IncidentSource;
  description: string;
  place: string;
  /** The rounds' demo checkpoint (its code) it was found at. */
  checkpoint?: string;
  hoursAgo: number;
  /** Turned into a request: the demo request (its title) it became. */
  request?: string;
}

/** The demo's incidents (tests find them by their descriptions). */
export const DEMO_INCIDENTS: readonly DemoIncident[] = [
  {
    category: 'security',
    severity: 'high',
    state: 'open',
    source: 'checkpoint',
    description: 'Puerta de servicio abierta y sin candado.',
    place: 'Acceso de servicio',
    checkpoint: 'RC-DEMO-PALMAS-6',
    hoursAgo: 2,
  },
  {
    category: 'noise',
    severity: 'low',
    state: 'open',
    source: 'gate',
    description: 'Música a alto volumen después de las 23:00.',
    place: 'Torre B',
    hoursAgo: 5,
  },
  {
    category: 'maintenance',
    severity: 'medium',
    state: 'open',
    source: 'checkpoint',
    description: 'Fuga de agua en la bomba del cuarto de máquinas.',
    place: 'Cuarto de máquinas',
    checkpoint: 'RC-DEMO-PALMAS-4',
    hoursAgo: 8,
  },
  {
    category: 'maintenance',
    severity: 'medium',
    state: 'attended',
    source: 'checkpoint',
    description: 'Foco fundido en el pasillo del piso 3; el pasillo queda a oscuras.',
    place: 'Pasillo del piso 3, Torre A',
    checkpoint: 'RC-DEMO-PALMAS-2',
    // Attended an hour later, when the request was filed (its ago: one day and four hours).
    hoursAgo: 29,
    request: DEMO_REQUEST_TITLE,
  },
  {
    category: 'damage',
    severity: 'medium',
    state: 'attended',
    source: 'panel',
    description: 'Reja del jardín golpeada por un vehículo.',
    place: 'Jardín poniente',
    hoursAgo: 50,
  },
  {
    category: 'other',
    severity: 'low',
    state: 'closed',
    source: 'gate',
    description: 'Perro sin correa en el área de la alberca.',
    place: 'Alberca',
    checkpoint: 'RC-DEMO-PALMAS-3',
    hoursAgo: 72,
  },
];

export const DEMO_HANDOVERS = [
  {
    by: 'guardia@demo.mx',
    readBy: 'supervisor@demo.mx',
    hoursAgo: 26,
    notes: 'Sin novedades. Se entregaron dos paquetes de Torre A.',
  },
  {
    by: 'guardia@demo.mx',
    readBy: null,
    hoursAgo: 2,
    notes:
      'Puerta de servicio abierta en el recorrido de las 00:00; se reportó el incidente. Revisar la bomba del cuarto de máquinas.',
  },
] as const;

export async function seedIncidents(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
  const condo = await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow();
  const userId = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const guard = await userId('guardia@demo.mx');
  const supervisor = await userId('supervisor@demo.mx');
  const admin = await userId('admin@demo.mx');
  const checkpointId = async (code: string | undefined) =>
    code
      ? ((await db.selectFrom('round_checkpoints').select('id').where('code', '=', code).executeTakeFirst())?.id ?? null)
      : null;

  for (const demo of DEMO_INCIDENTS) {
    const createdAt = ago(demo.hoursAgo);
    const attendedAt = demo.state === 'open' ? null : ago(demo.hoursAgo - 1);
    const closedAt = demo.state === 'closed' ? ago(demo.hoursAgo - 3) : null;
    const ticketId = demo.request
      ? (
          await db
            .selectFrom('tickets')
            .select('id')
            .where('condo_id', '=', condo.id)
            .where('title', '=', demo.request)
            .executeTakeFirstOrThrow()
        ).id
      : null;
    await db
      .insertInto('incidents')
      .values({
        condo_id: condo.id,
        category: demo.category,
        severity: demo.severity,
        state: demo.state,
        source: demo.source,
        description: demo.description,
        place: demo.place,
        checkpoint_id: await checkpointId(demo.checkpoint),
        reported_by: guard,
        ticket_id: ticketId,
        request_claimed_at: ticketId ? attendedAt : null,
        attended_by: attendedAt ? (ticketId ? admin : supervisor) : null,
        attended_at: attendedAt,
        closed_by: closedAt ? supervisor : null,
        closed_at: closedAt,
        version: 1 + (attendedAt ? 1 : 0) + (closedAt ? 1 : 0),
        created_at: createdAt,
        updated_at: closedAt ?? attendedAt ?? createdAt,
      })
      .execute();
  }

  for (const handover of DEMO_HANDOVERS) {
    await db
      .insertInto('shift_handovers')
      .values({
        condo_id: condo.id,
        written_by: await userId(handover.by),
        notes: handover.notes,
        written_at: ago(handover.hoursAgo),
        read_by: handover.readBy ? await userId(handover.readBy) : null,
        read_at: handover.readBy ? ago(handover.hoursAgo - 1) : null,
      })
      .execute();
  }
}
