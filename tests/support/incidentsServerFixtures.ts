// Set-up for the incidents server tests (issue 31): a raise request, an incident written straight in (open, in any
// condominium and category), and the calls.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { INCIDENT_PATHS, type IncidentRaiseRequest, incidentChangePath } from '../../src/api/incidents';
import type { IncidentAction } from '../../src/api/incidentsLifecycle';
import { api } from './http';
import { call, type TestApp } from './testApp';

export const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const raiseDraft = (extra: Partial<IncidentRaiseRequest> = {}): IncidentRaiseRequest => ({
  category: 'maintenance',
  severity: 'medium',
  description: 'Fuga de agua en el pasillo.',
  place: 'Torre A, piso 3',
  source: 'panel',
  ...extra,
});

export async function condoIdOf(db: Kysely<Database>, subdomain: string): Promise<number> {
  return (await db.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirstOrThrow()).id;
}

/** An open incident written straight in; answers its id. */
export async function freshIncident(
  db: Kysely<Database>,
  condoId: number,
  category: IncidentRaiseRequest['category'] = 'maintenance',
  state: 'open' | 'attended' | 'closed' = 'open',
): Promise<number> {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('incidents')
    .values({
      condo_id: condoId,
      category,
      severity: 'medium',
      state,
      source: 'panel',
      description: 'Escrito por la prueba.',
      place: 'Alberca',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const raise = (t: TestApp, token: string | undefined, draft: object) =>
  call(t.app, 'POST', api(INCIDENT_PATHS.raise), { token, payload: draft });

export const change = (t: TestApp, token: string | undefined, id: number, action: IncidentAction, version = 1, note?: string) =>
  call(t.app, 'POST', api(incidentChangePath(id)), { token, payload: { version, action, ...(note ? { note } : {}) } });
