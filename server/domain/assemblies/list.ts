// The condominium's assemblies: upcoming (and running) first by their first call, then the past ones newest first;
// drafts only for those who manage them.
import type { Kysely } from 'kysely';
import type { AssemblyKind, AssemblySummary } from '../../../src/api/assemblies';
import type { AssemblyState } from '../../../src/api/assembliesLifecycle';
import type { Database } from '../../db/schema';
import type { Auth } from '../shared/auth';
import { timeZoneOf, utcToLocal } from '../shared/zonedTime';

const PAST: readonly string[] = ['closed', 'cancelled'];

export async function listAssemblies(db: Kysely<Database>, auth: Auth, manages: boolean): Promise<AssemblySummary[]> {
  const timeZone = await timeZoneOf(db, auth.condoId);
  let query = db
    .selectFrom('assemblies as a')
    .leftJoin('assembly_calls as c', (j) => j.onRef('c.assembly_id', '=', 'a.id').on('c.number', '=', 1))
    .select(['a.id', 'a.kind', 'a.title', 'a.state', 'a.place', 'c.starts_at'])
    .where('a.condo_id', '=', auth.condoId);
  if (!manages) query = query.where('a.state', '!=', 'draft');
  const rows = await query.execute();
  const at = (r: (typeof rows)[number]) => r.starts_at ?? '';
  const upcoming = rows.filter((r) => !PAST.includes(r.state)).sort((a, b) => at(a).localeCompare(at(b)) || a.id - b.id);
  const past = rows.filter((r) => PAST.includes(r.state)).sort((a, b) => at(b).localeCompare(at(a)) || b.id - a.id);
  return [...upcoming, ...past].map((r) => ({
    id: r.id,
    kind: r.kind as AssemblyKind,
    title: r.title,
    state: r.state as AssemblyState,
    startsAt: r.starts_at ? utcToLocal(r.starts_at, timeZone) : '',
    place: r.place,
  }));
}
