// The resident's visitor passes: those they created and those their guests registered through their links,
// newest first; a new pass for one of their dwellings (checked by the contract's passProblems against today
// in the condominium's zone), and revoking one of their own. Revoking sets revoked_at, which the public pass
// page and the pass check already read, so a revoked pass stops opening at once.
import type { Kysely } from 'kysely';
import { type MyPass, type NewPass, type PassField, passProblems } from '../../../src/api/myGuests';
import { WEEKDAYS } from '../../../src/api/passes';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { newPassCodes, passFields } from '../shared/visitorPasses';
import { inZone } from '../shared/zonedTime';
import { inviterOf, requireInviter } from './access';
import { refuseFirst } from './problems';

function myPassesQuery(db: Kysely<Database>, auth: Auth) {
  return db
    .selectFrom('passes as p')
    .leftJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .where('p.condo_id', '=', auth.condoId)
    .where('p.host_user_id', '=', auth.userId)
    .where('p.revoked_at', 'is', null);
}

async function passRows(db: Kysely<Database>, auth: Auth, page: { limit: number; offset: number }, onlyId?: number) {
  let query = myPassesQuery(db, auth)
    .selectAll('p')
    .select(['a.name as aptName', 't.name as towerName'])
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  if (onlyId !== undefined) query = query.where('p.id', '=', onlyId);
  const rows = await query.execute();
  return rows.map(
    (row): MyPass => ({
      id: row.id,
      ...passFields(row),
      NombreInfante: row.nombre_infante,
      TorreName: row.towerName ?? null,
      AptName: row.aptName ?? null,
      CondoId: row.condo_id,
      createdAt: row.created_at,
    }),
  );
}

/** The resident's passes (those they created and those their guests registered through their links). */
export async function listMyPasses(db: Kysely<Database>, auth: Auth, page: { limit: number; offset: number }) {
  await requireInviter(db, auth);
  const [items, count] = await Promise.all([
    passRows(db, auth, page),
    myPassesQuery(db, auth).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export async function createPass(db: Kysely<Database>, clock: Clock, auth: Auth, values: NewPass): Promise<MyPass> {
  const inviter = await requireInviter(db, auth);
  const now = clock.now();
  const problems = passProblems(
    values,
    inZone(now, inviter.timeZone),
    inviter.dwellings.map((d) => d.AptId),
  );
  refuseFirst<PassField>(problems);
  const codes = newPassCodes();
  const trimmedOrNull = (value: string) => value.trim() || null;
  const { id } = await db
    .insertInto('passes')
    .values({
      condo_id: auth.condoId,
      tipo: values.tipo,
      qr: codes.qr,
      manual_key: codes.manualKey,
      nombre: values.nombre.trim(),
      email: trimmedOrNull(values.email)?.toLowerCase() ?? null,
      telefono: trimmedOrNull(values.telefono),
      // In the week's order, each day once.
      dias_acceso: JSON.stringify(WEEKDAYS.filter((day) => values.diasAcceso.includes(day))),
      fecha_inicio: values.fechaInicio,
      fecha_fin: values.fechaFin,
      hora_inicio: values.horaInicio || null,
      hora_fin: values.horaFin || null,
      nota_visitante: trimmedOrNull(values.notaVisitante),
      nombre_infante: values.tipo === 'infante' ? values.nombreInfante.trim() : null,
      host_user_id: auth.userId,
      apartment_id: values.apartmentId,
      guest_link_id: null,
      event_id: null,
      companions: 0,
      forma_de_acceso: 'pie',
      placas: null,
      created_at: now.toISOString(),
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [item] = await passRows(db, auth, { limit: 1, offset: 0 }, id);
  return item!;
}

/** Revokes one of the resident's own passes: another condominium's is unknown (404), another's forbidden (403). */
export async function revokePass(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<void> {
  const pass = await db
    .selectFrom('passes')
    .select(['id', 'host_user_id'])
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!pass) throw notFound('errors.notFound.pass');
  const inviter = await inviterOf(db, auth);
  if (!inviter.canInvite || pass.host_user_id !== auth.userId) throw forbidden();
  await db.updateTable('passes').set({ revoked_at: clock.now().toISOString() }).where('id', '=', id).execute();
}
