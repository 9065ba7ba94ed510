// A visitor pass looked up by what a guard typed or scanned (its manual key, its QR's text or its link), with
// what the guard reads of it and what the verdict weighs. The one lookup of 'Verificar pase'
// (domain/passCheck) and the caseta (domain/gate): only passes of the caller's condominium are found, so another
// condominium's code is as unknown as a typo.
import type { Kysely, Selectable } from 'kysely';
import { type CheckedPass, type PassWindow, passCodeCandidates } from '../../../src/api/passCheck';
import type { Database, PassTable } from '../../db/schema';
import { AppError } from '../../errors';
import { weekdays } from './visitorPasses';

/** A pass found by its code: its stored row, what the guard reads of it, and what the verdict weighs. */
export interface FoundPass {
  row: Selectable<PassTable>;
  pass: CheckedPass;
  window: PassWindow;
}

/**
 * The one lookup of a typed code (manual key, QR text or the pass's link) among the condominium's passes, for
 * 'Verificar pase' and the caseta (domain/gate/check.ts). 404 (the pass page's message) when none matches.
 */
export async function findPassByCode(db: Kysely<Database>, condoId: number, typed: string): Promise<FoundPass> {
  const { qr, manualKey } = passCodeCandidates(typed);
  // Revoked passes are found too: the guard must hear "revoked", not "unknown".
  const row = await db
    .selectFrom('passes as p')
    .leftJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .leftJoin('users as u', 'u.id', 'p.host_user_id')
    .leftJoin('events as e', 'e.id', 'p.event_id')
    .selectAll('p')
    .select(['a.name as aptName', 't.name as towerName', 'u.name as userName', 'e.name as eventName', 'e.status as eventStatus'])
    .where('p.condo_id', '=', condoId)
    .where((eb) => eb.or([eb('p.qr', '=', qr), eb('p.manual_key', '=', manualKey)]))
    .orderBy('p.id')
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND', 'pass.notFound');
  const { aptName, towerName, userName, eventName, eventStatus, ...stored } = row;
  return { row: stored, ...checkedPassOf(stored, { aptName, towerName, userName, eventName, eventStatus }) };
}

/** The names a pass is read with: its dwelling's, its host's and its event's (with the event's status). */
export interface PassNames {
  aptName: string | null;
  towerName: string | null;
  userName: string | null;
  eventName: string | null;
  eventStatus: string | null;
}

/**
 * A stored pass as the guard reads it (the spec's names) and what its verdict weighs: the lookup's, and the
 * caseta's snapshot of today's passes (domain/gate/snapshot.ts).
 */
export function checkedPassOf(
  row: Selectable<PassTable>,
  { aptName, towerName, userName, eventName, eventStatus }: PassNames,
): { pass: CheckedPass; window: PassWindow } {
  const pass: CheckedPass = {
    Tipo: row.tipo,
    Nombre: row.nombre,
    ClaveManual: row.manual_key,
    NombreInfante: row.nombre_infante,
    TorreName: towerName ?? null,
    AptName: aptName ?? null,
    UserName: userName ?? null,
    Evento: eventName ?? null,
    DiasAcceso: weekdays(row.dias_acceso),
    FechaInicio: row.fecha_inicio,
    FechaFin: row.fecha_fin,
    HoraInicio: row.hora_inicio,
    HoraFin: row.hora_fin,
    NotaVisitante: row.nota_visitante,
    Acompanantes: row.companions,
    FormaDeAcceso: row.forma_de_acceso,
    Placas: row.placas,
  };
  const window: PassWindow = { ...pass, revoked: row.revoked_at !== null, eventCancelled: eventStatus === 'cancelado' };
  return { pass, window };
}
