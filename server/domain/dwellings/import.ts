// The dwellings import (src/api/dwellings.ts importPreview / importConfirm). The preview reads the file and
// says for each row what confirming would do — a new dwelling (in a new tower or not), a new share for an
// existing one, nothing, or the row's problem — and writes nothing. Its huella is a hash of those decisions
// (the rows, the towers and dwellings they touch as they are now), so confirming with it writes exactly what
// was shown: the confirmation reads the file and the condominium again inside its transaction, and refuses
// with 400 when a row has a problem, with 409 when anything the rows depend on changed since (preview again).
// All or nothing: one transaction for every tower, dwelling and audit row. History: one 'apartment_import'
// row (entity id: the condominium) with the file's name and the counts, plus one 'tower' create row per new
// tower and one 'apartment' create or update row per dwelling written, as an edit by hand would leave.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  cleanName,
  DWELLING_NAME_MAX,
  type ImportConfirm,
  type ImportFile,
  type ImportPreview,
  type ImportProblem,
  type ImportRow,
  type ImportSummary,
  nameKey,
  percentToShare,
  TOWER_NAME_MAX,
} from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import type { Language } from '../../../src/i18n/languages';
import type { Message, MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { formatMessage } from '../../messages';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { apartmentsOf, towersOf } from './dwellings';
import { type RawRow, readImportFile } from './importFile';

interface Plan {
  rows: (ImportRow & { apartmentId: number | null; towerId: number | null })[];
  summary: ImportSummary;
  huella: string;
}

const problemMessage = (code: ImportProblem, row: RawRow, firstFila: number): Message => {
  const id = `dwellings.import.problem.${code}` as MessageId;
  if (code === 'duplicada') return { id, values: { fila: firstFila } };
  if (code === 'nombreLargo' || code === 'torreLarga')
    return { id, values: { max: code === 'torreLarga' ? TOWER_NAME_MAX : DWELLING_NAME_MAX } };
  if (code === 'indivisoInvalido') return { id, values: { valor: row.indiviso } };
  return { id };
};

/** What confirming would do with each row, against the condominium as `db` reads it. */
async function plan(db: Kysely<Database>, auth: Auth, raw: RawRow[], language: Language): Promise<Plan> {
  const [towers, apartments] = await Promise.all([towersOf(db, auth.condoId), apartmentsOf(db, auth.condoId)]);
  const towerByKey = new Map(towers.map((t) => [nameKey(t.name), t]));
  const apartmentByKey = new Map(apartments.map((a) => [`${a.tower_id ?? ''}\u0000${nameKey(a.name)}`, a]));
  const seen = new Map<string, number>();
  const newTowers = new Set<string>();
  const rows = raw.map((r) => {
    const torre = cleanName(r.torre) || null;
    const vivienda = cleanName(r.vivienda);
    const share = r.indiviso === '' ? null : percentToShare(r.indiviso);
    const tower = torre === null ? null : (towerByKey.get(nameKey(torre)) ?? null);
    const key = `${torre === null ? '' : nameKey(torre)}\u0000${nameKey(vivienda)}`;
    const existing =
      torre !== null && tower === null ? null : (apartmentByKey.get(`${tower?.id ?? ''}\u0000${nameKey(vivienda)}`) ?? null);
    let problema: ImportProblem | null = null;
    if (vivienda === '') problema = 'viviendaVacia';
    else if (torre !== null && torre.length > TOWER_NAME_MAX) problema = 'torreLarga';
    else if (vivienda.length > DWELLING_NAME_MAX) problema = 'nombreLargo';
    else if (r.indiviso !== '' && share === null) problema = 'indivisoInvalido';
    else if (seen.has(key)) problema = 'duplicada';
    else if (tower && tower.active !== 1) problema = 'torreInactiva';
    else if (existing && existing.active !== 1) problema = 'viviendaInactiva';
    if (vivienda !== '' && !seen.has(key)) seen.set(key, r.fila);
    const torreNueva = problema === null && torre !== null && tower === null;
    if (torreNueva) newTowers.add(nameKey(torre!));
    const estado: ImportRow['estado'] = problema
      ? 'problema'
      : !existing
        ? 'nueva'
        : share === null || share === existing.indiviso
          ? 'igual'
          : 'actualiza';
    return {
      fila: r.fila,
      torre: tower?.name ?? torre,
      vivienda: existing?.name ?? vivienda,
      indiviso: share,
      estado,
      torreNueva,
      anterior: existing?.indiviso ?? null,
      problema,
      mensaje: problema ? formatMessage(language, problemMessage(problema, r, seen.get(key) ?? r.fila)) : null,
      apartmentId: existing?.id ?? null,
      towerId: tower?.id ?? null,
    };
  });
  const count = (estado: ImportRow['estado']) => rows.filter((r) => r.estado === estado).length;
  const summary: ImportSummary = {
    nuevas: count('nueva'),
    actualizadas: count('actualiza'),
    iguales: count('igual'),
    problemas: count('problema'),
    torresNuevas: newTowers.size,
  };
  // The decisions and what they rest on, without the worded messages (the same in every language).
  const basis = rows.map(({ mensaje: _, ...decision }) => decision);
  const huella = createHash('sha256').update(JSON.stringify(basis)).digest('hex');
  return { rows, summary, huella };
}

const publicRow = ({ apartmentId: _a, towerId: _t, ...row }: Plan['rows'][number]): ImportRow => row;

export async function previewImport(
  db: Kysely<Database>,
  auth: Auth,
  file: ImportFile,
  language: Language,
): Promise<ImportPreview> {
  const raw = await readImportFile(file.nombre, file.datos);
  const result = await plan(db, auth, raw, language);
  return { success: true, filas: result.rows.map(publicRow), resumen: result.summary, huella: result.huella };
}

export async function confirmImport(db: Kysely<Database>, clock: Clock, auth: Auth, request: ImportConfirm, language: Language) {
  const raw = await readImportFile(request.nombre, request.datos);
  const at = clock.now().toISOString();
  const summary = await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const result = await plan(trx, auth, raw, language);
    if (result.summary.problemas > 0) throw new AppError(400, ErrorCodes.badRequest, 'dwellings.import.error.problems', 'datos');
    if (result.huella !== request.huella) throw new AppError(409, ErrorCodes.conflict, 'dwellings.import.error.stale');
    const audit = { condoId: auth.condoId, actorUserId: auth.userId, at };
    const createdTowers = new Map<string, number>();
    for (const row of result.rows) {
      if (row.estado === 'igual') continue;
      let towerId = row.towerId;
      if (row.torreNueva && row.torre !== null) {
        const key = nameKey(row.torre);
        towerId = createdTowers.get(key) ?? null;
        if (towerId === null) {
          const { id } = await trx
            .insertInto('towers')
            .values({ condo_id: auth.condoId, name: row.torre })
            .returning('id')
            .executeTakeFirstOrThrow();
          await recordAudit(trx, { ...audit, entity: 'tower', entityId: id, action: 'create', after: { Nombre: row.torre } });
          createdTowers.set(key, id);
          towerId = id;
        }
      }
      if (row.estado === 'nueva') {
        const values = { name: row.vivienda, tower_id: towerId, indiviso: row.indiviso ?? 0 };
        const { id } = await trx
          .insertInto('apartments')
          .values({ condo_id: auth.condoId, ...values })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, {
          ...audit,
          entity: 'apartment',
          entityId: id,
          action: 'create',
          after: { Nombre: values.name, TowerId: towerId, indiviso: values.indiviso, importado: true },
        });
      } else if (row.estado === 'actualiza' && row.apartmentId !== null && row.indiviso !== null) {
        await trx.updateTable('apartments').set({ indiviso: row.indiviso }).where('id', '=', row.apartmentId).execute();
        await recordAudit(trx, {
          ...audit,
          entity: 'apartment',
          entityId: row.apartmentId,
          action: 'update',
          before: { indiviso: row.anterior },
          after: { indiviso: row.indiviso, importado: true },
        });
      }
    }
    await recordAudit(trx, {
      ...audit,
      entity: 'apartment_import',
      entityId: auth.condoId,
      action: 'importar',
      after: { archivo: request.nombre, ...result.summary },
    });
    return result.summary;
  });
  return { success: true as const, resumen: summary };
}
