// Set-up for the assemblies server tests (issue 32): a draft request, an assembly written straight in (in any
// condominium and state, with the three default calls), owners marked present straight in, and the calls.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import {
  ASSEMBLY_PATHS,
  type AssemblyDraft,
  assemblyAttendancePath,
  assemblyChangePath,
  assemblyConfirmPath,
} from '../../src/api/assemblies';
import type { AssemblyAction, AssemblyState } from '../../src/api/assembliesLifecycle';
import { QUORUM_DEFAULTS } from '../../src/api/assemblyQuorum';
import { api } from './http';
import { call, type TestApp } from './testApp';

export const assemblyDraft = (extra: Partial<AssemblyDraft> = {}): AssemblyDraft => ({
  kind: 'extraordinary',
  title: 'Reparación del elevador',
  place: 'Salón de usos múltiples',
  videoLink: '',
  items: [
    {
      title: 'Presupuesto del elevador',
      description: 'Tres cotizaciones.',
      kind: 'voted',
      majority: 'qualified',
      qualifiedPercent: 75,
    },
    { title: 'Calendario de la obra', description: '', kind: 'voted', majority: 'simple' },
  ],
  calls: [
    { at: '2031-03-10T19:00', percent: 75, strict: false },
    { at: '2031-03-10T19:30', percent: 50, strict: true },
    { at: '2031-03-10T20:00', percent: 0, strict: true },
  ],
  ...extra,
});

export async function condoIdOf(db: Kysely<Database>, subdomain: string): Promise<number> {
  return (await db.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirstOrThrow()).id;
}

/** An assembly written straight in with the default calls; answers its id. */
export async function freshAssembly(
  db: Kysely<Database>,
  condoId: number,
  state: AssemblyState = 'called',
  currentCall = state === 'waiting' || state === 'open' ? 1 : 0,
): Promise<number> {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('assemblies')
    .values({
      condo_id: condoId,
      kind: 'ordinary',
      title: 'Escrita por la prueba',
      place: 'Lobby',
      video_link: '',
      state,
      current_call: currentCall,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('assembly_items')
    .values({
      assembly_id: id,
      position: 0,
      title: 'Punto único',
      description: '',
      kind: 'voted',
      majority: 'simple',
      qualified_percent: null,
    })
    .execute();
  for (const [index, rule] of QUORUM_DEFAULTS.cdmx.entries()) {
    await db
      .insertInto('assembly_calls')
      .values({
        assembly_id: id,
        number: index + 1,
        starts_at: new Date(Date.UTC(2031, 2, 10, 1, index * 30)).toISOString(),
        percent: rule.percent,
        strict: rule.strict ? 1 : 0,
      })
      .execute();
  }
  return id;
}

/** The condominium's active dwellings with their indiviso, by id. */
export async function dwellingsOf(db: Kysely<Database>, condoId: number) {
  return (
    await db
      .selectFrom('apartments')
      .select(['id', 'indiviso'])
      .where('condo_id', '=', condoId)
      .where('active', '=', 1)
      .orderBy('id')
      .execute()
  ).map((d) => ({ id: d.id, indiviso: Number(d.indiviso) }));
}

export const change = (t: TestApp, token: string | undefined, id: number, action: AssemblyAction, version = 1) =>
  call(t.app, 'POST', api(assemblyChangePath(id)), { token, payload: { version, action } });

export const attend = (
  t: TestApp,
  token: string | undefined,
  id: number,
  apartmentId: number,
  mode: 'in_person' | 'online' | null = 'in_person',
  kind: 'owner' | 'tenant' = 'owner',
) => call(t.app, 'POST', api(assemblyAttendancePath(id)), { token, payload: { apartmentId, kind, mode } });

export const confirm = (t: TestApp, token: string | undefined, id: number, answer: string) =>
  call(t.app, 'POST', api(assemblyConfirmPath(id)), { token, payload: { answer } });

export const create = (t: TestApp, token: string | undefined, draft: object) =>
  call(t.app, 'POST', api(ASSEMBLY_PATHS.create), { token, payload: draft });
