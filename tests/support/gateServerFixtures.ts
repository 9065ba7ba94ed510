// The gate on a test app (src/api/gate.ts): the demo's condominiums, passes and dwellings by name, passes written
// straight into the database (revoked, single-use, another condominium's), the caseta's requests with fresh
// client ids, and the calls. Server tests only.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import {
  GATE_PATHS,
  type GateEntryRequest,
  type GateExitRequest,
  type GateRefusalRequest,
  MOVEMENT_PATHS,
} from '../../src/api/gate';
import { api } from './http';
import { call, type TestApp } from './testApp';

/** Monday 2025-06-02, 12:00 in Las Palmas (America/Mexico_City): DEMO-PASE-001 lets in (Mon/Wed/Fri 08:00–17:30). */
export const GATE_SEEDED = new Date('2025-06-02T18:00:00Z');

export async function condoIdOf(db: Kysely<Database>, subdomain: 'palmas' | 'bosque'): Promise<number> {
  return (await db.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirstOrThrow()).id;
}

export async function passIdOf(db: Kysely<Database>, qr: string): Promise<number> {
  return (await db.selectFrom('passes').select('id').where('qr', '=', qr).executeTakeFirstOrThrow()).id;
}

/** A dwelling by its screen name ('Torre A - 101') in a condominium. */
export async function dwellingIdOf(db: Kysely<Database>, condoId: number, name: string): Promise<number> {
  const [tower, apartment] = name.split(' - ') as [string, string];
  return (
    await db
      .selectFrom('apartments as a')
      .innerJoin('towers as t', 't.id', 'a.tower_id')
      .select('a.id')
      .where('a.condo_id', '=', condoId)
      .where('t.name', '=', tower)
      .where('a.name', '=', apartment)
      .executeTakeFirstOrThrow()
  ).id;
}

let passSerial = 0;

/** A pass written into the database: every day, all day, from a year back to a year ahead unless told. */
export async function insertPass(
  db: Kysely<Database>,
  condoId: number,
  values: {
    apartmentId?: number | null;
    entryLimit?: number | null;
    revoked?: boolean;
    nombre?: string;
    placas?: string | null;
  } = {},
): Promise<{ id: number; qr: string; key: string }> {
  passSerial += 1;
  const qr = `TEST-GATE-${passSerial}-${randomUUID().slice(0, 8)}`;
  const key = `TG${String(passSerial).padStart(6, '0')}`;
  const { id } = await db
    .insertInto('passes')
    .values({
      condo_id: condoId,
      tipo: 'temporal',
      qr,
      manual_key: key,
      nombre: values.nombre ?? `Visita de prueba ${passSerial}`,
      email: null,
      telefono: null,
      dias_acceso: '[]',
      fecha_inicio: '2024-06-01',
      fecha_fin: '2026-06-01',
      hora_inicio: null,
      hora_fin: null,
      nota_visitante: null,
      nombre_infante: null,
      host_user_id: null,
      apartment_id: values.apartmentId ?? null,
      guest_link_id: null,
      event_id: null,
      companions: 0,
      forma_de_acceso: values.placas ? 'auto' : 'pie',
      placas: values.placas ?? null,
      created_at: '2025-05-01T00:00:00.000Z',
      revoked_at: values.revoked ? '2025-05-02T00:00:00.000Z' : null,
      entry_limit: values.entryLimit ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, qr, key };
}

/** An entry request on a pass, or a walk-in when `passId` is absent (give `apartmentId`). */
export const entryRequest = (values: Partial<GateEntryRequest> = {}): GateEntryRequest => ({
  clientId: randomUUID(),
  visitorName: 'Visitante de prueba',
  people: 1,
  ...values,
});

export const exitRequest = (entryId: number, values: Partial<GateExitRequest> = {}): GateExitRequest => ({
  clientId: randomUUID(),
  entryId,
  ...values,
});

export const refusalRequest = (values: Partial<GateRefusalRequest> = {}): GateRefusalRequest => ({
  clientId: randomUUID(),
  visitorName: 'Alguien sin pase',
  reason: 'unknown',
  ...values,
});

/** The gate's calls as one caller (an app-token), answered as inject gives them. */
export function gateCalls(t: () => TestApp) {
  const post = (token: string | undefined, path: string, payload: object) => call(t().app, 'POST', api(path), { token, payload });
  const get = (token: string | undefined, path: string, query: Record<string, string | number> = {}) => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return call(t().app, 'GET', api(search ? `${path}?${search}` : path), { token });
  };
  return {
    post,
    get,
    check: (token: string | undefined, codigo: string) => post(token, GATE_PATHS.check, { codigo }),
    entry: (token: string | undefined, request: GateEntryRequest) => post(token, GATE_PATHS.entry, request),
    exit: (token: string | undefined, request: GateExitRequest) => post(token, GATE_PATHS.exit, request),
    refusal: (token: string | undefined, request: GateRefusalRequest) => post(token, GATE_PATHS.refusal, request),
    today: (token: string | undefined, q?: string) => get(token, GATE_PATHS.today, q === undefined ? {} : { q }),
    log: (token: string | undefined, query: Record<string, string | number> = {}) => get(token, MOVEMENT_PATHS.list, query),
    csv: (token: string | undefined, query: Record<string, string | number> = {}) => get(token, MOVEMENT_PATHS.export, query),
  };
}
