// The visitor pass as several areas write and read it: its codes (the QR's text, unique everywhere and
// unguessable since the pass page is public, and the short manual key a guard types when the QR cannot be
// read), the condominium's access points a pass lets in through, its stored weekdays (DiasAcceso), and the
// fields every answer about a pass carries under the spec's names (§3.3 Pass).
// Shared: guests and my guests issue passes; passes shows one, pass check verifies one.
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AccessPoint } from '../../../src/api/guests';
import type { Database, PassTable } from '../../db/schema';

/** No 0/O, 1/I/L: a guard reads the key aloud or types it. */
const KEY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** New codes for a pass. */
export function newPassCodes(): { qr: string; manualKey: string } {
  const qr = randomBytes(15).toString('base64url');
  const bytes = randomBytes(8);
  const manualKey = Array.from(bytes, (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');
  return { qr, manualKey };
}

/** The condominium's access points (only `onlyId` when given), in order. */
export async function accessPointsOf(
  db: Kysely<Database> | Transaction<Database>,
  condoId: number,
  onlyId?: number | null,
): Promise<AccessPoint[]> {
  let query = db
    .selectFrom('access_points')
    .select(['id as PuntoAccesoId', 'name as Nombre', 'address as Address', 'coordinates as Coordinates'])
    .where('condo_id', '=', condoId);
  if (onlyId) query = query.where('id', '=', onlyId);
  return query.orderBy('id').execute();
}

/** DiasAcceso from its stored JSON list; anything unreadable is no weekday. */
export function weekdays(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

/** A stored pass under the spec's names: who comes, its codes, and when it lets them in. */
export function passFields(row: Selectable<PassTable>) {
  return {
    Tipo: row.tipo,
    Nombre: row.nombre,
    Email: row.email,
    Telefono: row.telefono,
    QR: row.qr,
    ClaveManual: row.manual_key,
    DiasAcceso: weekdays(row.dias_acceso),
    FechaInicio: row.fecha_inicio,
    FechaFin: row.fecha_fin,
    HoraInicio: row.hora_inicio,
    HoraFin: row.hora_fin,
  };
}
