// The gate demo (issue 26) in Residencial Las Palmas: a month of movements up to the seed clock (a few dozen a
// day: a domestic worker's and a gardener's passes coming in and going out, walk-ins for dwellings all over the
// condominium, a few refusals), recorded by guardia@demo.mx (supervisor@demo.mx on Sundays) at the 'Caseta
// principal', and a single-use pass valid today for Torre A - 101 (DEMO-PASE-UNICO). DEMO-PASE-001 has no
// movement: its visitor is not inside, so a walk through the caseta can let her in.
// Deterministic: a seeded generator, fixed client ids, times at fixed offsets from the seed clock in the
// condominium's zone. Written in chunks of rows, so a month loads in a few statements.
import type { Insertable, Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import { inZone, localToUtc, utcToLocal } from '../../domain/shared/zonedTime';
import type { Clock } from '../../infra/clock';
import type { Database, GateMovementTable } from '../schema';
import { DEMO_CONDOS, FIRST_NAMES, LAST_NAMES } from './demoFacts';
import { DEMO_GATE_DEVICE } from './gateDevices';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The single-use demo pass (entry_limit 1), valid all of the seed day for Torre A - 101. */
export const DEMO_SINGLE_USE_QR = 'DEMO-PASE-UNICO';
export const DEMO_SINGLE_USE_KEY = 'PALMASUN';
/** Where the demo's movements happen. */
export const DEMO_GATE_ACCESS_POINT = 'Caseta principal';
/** Days of movements before the seed day. */
const DAYS = 30;
const CHUNK = 200;

/** mulberry32: the same sequence on every load. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  return { next, int, pick };
}

/** A client id as a device makes them (a UUID), numbered. */
const clientId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const DELIVERIES = ['Repartidor Mercado Libre', 'Repartidor Amazon', 'DiDi Food', 'Uber Eats', 'Rappi', 'Estafeta', 'DHL'];
const SERVICES = ['Técnico de Telmex', 'Técnico de Izzi', 'Plomero', 'Electricista', 'Gas Zapopan', 'Fumigación'];
const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

type NewMovement = Insertable<GateMovementTable>;

export async function seedGate(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const createdAt = now.toISOString();
  const palmas = DEMO_CONDOS.find((c) => c.key === 'palmas')!;
  const timeZone = palmas.row.time_zone;
  const condo = await db
    .selectFrom('condominiums')
    .select('id')
    .where('subdomain', '=', palmas.row.subdomain)
    .executeTakeFirstOrThrow();
  const userId = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const guard = await userId('guardia@demo.mx');
  const supervisor = await userId('supervisor@demo.mx');
  const rosa = await userId('residente@demo.mx');
  const board = await userId('consejo@demo.mx');
  const dwellings = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('a.condo_id', '=', condo.id)
    .orderBy('a.id')
    .execute();
  const dwellingId = (name: string) => dwellings.find((d) => dwellingName(d.tower, d.name) === name)!.id;

  const today = inZone(now, timeZone).date;
  const dayOf = (days: number) => inZone(new Date(now.getTime() + days * DAY), timeZone).date;
  const pass = (values: {
    tipo: string;
    qr: string;
    key: string;
    nombre: string;
    dias: string[];
    from: string;
    to: string;
    hours: [string, string] | null;
    host: number;
    apartment: string;
    placas: string | null;
    limit: number | null;
  }) =>
    db
      .insertInto('passes')
      .values({
        condo_id: condo.id,
        tipo: values.tipo,
        qr: values.qr,
        manual_key: values.key,
        nombre: values.nombre,
        email: null,
        telefono: null,
        dias_acceso: JSON.stringify(values.dias),
        fecha_inicio: values.from,
        fecha_fin: values.to,
        hora_inicio: values.hours?.[0] ?? null,
        hora_fin: values.hours?.[1] ?? null,
        nota_visitante: null,
        nombre_infante: null,
        host_user_id: values.host,
        apartment_id: dwellingId(values.apartment),
        guest_link_id: null,
        event_id: null,
        companions: 0,
        forma_de_acceso: values.placas ? 'auto' : 'pie',
        placas: values.placas,
        created_at: createdAt,
        revoked_at: null,
        entry_limit: values.limit,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  await pass({
    tipo: 'temporal',
    qr: DEMO_SINGLE_USE_QR,
    key: DEMO_SINGLE_USE_KEY,
    nombre: 'Jorge Ruiz Campos',
    dias: [],
    from: today,
    to: today,
    hours: null,
    host: rosa,
    apartment: 'Torre A - 101',
    placas: 'JLS-482-B',
    limit: 1,
  });
  // The month's regular visitors: they come in on their passes.
  const domestic = await pass({
    tipo: 'domestico',
    qr: 'DEMO-PASE-DOMESTICO',
    key: 'PALMAS02',
    nombre: 'Martha Delgado Ruiz',
    dias: ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'],
    from: dayOf(-DAYS - 5),
    to: dayOf(60),
    hours: ['07:00', '19:00'],
    host: board,
    apartment: 'Torre B - 502',
    placas: null,
    limit: null,
  });
  const gardener = await pass({
    tipo: 'preautorizado',
    qr: 'DEMO-PASE-JARDIN',
    key: 'PALMAS03',
    nombre: 'Jardinería Los Arcos',
    dias: ['martes'],
    from: dayOf(-DAYS - 5),
    to: dayOf(60),
    hours: ['09:00', '14:00'],
    host: board,
    apartment: 'Torre B - 502',
    placas: 'JKL-215-C',
    limit: null,
  });

  // Recorded at the paired caseta (seed/gateDevices.ts runs first): the log names the device, as a real one would.
  const device = await db
    .selectFrom('gate_devices')
    .select('id')
    .where('condo_id', '=', condo.id)
    .where('name', '=', DEMO_GATE_DEVICE.name)
    .executeTakeFirst();

  const random = generator(26);
  let serial = 0;
  const entries: NewMovement[] = [];
  const exits: { entryClientId: string; at: number; guard: number }[] = [];
  const last = now.getTime() - 20 * MINUTE;
  const movement = (kind: string, at: number, values: Partial<NewMovement>): NewMovement => ({
    condo_id: condo.id,
    client_id: clientId(++serial),
    kind,
    pass_id: null,
    apartment_id: null,
    visitor_name: '',
    pass_kind: null,
    people: 1,
    plates: null,
    access_point: DEMO_GATE_ACCESS_POINT,
    note: null,
    reason: null,
    entry_id: null,
    device_id: device?.id ?? null,
    guard_user_id: guard,
    occurred_at: new Date(at).toISOString(),
    occurred_local: utcToLocal(new Date(at), timeZone).replace('T', ' '),
    received_at: new Date(at).toISOString(),
    conflict: null,
    ...values,
  });
  const plates = () =>
    `J${random.pick(PLATE_LETTERS.split(''))}${random.pick(PLATE_LETTERS.split(''))}-${random.int(100, 999)}-${random.pick(PLATE_LETTERS.split(''))}`;
  /** An entry at `at` and, when it is over by the seed clock, its exit `stay` minutes later. */
  const visit = (at: number, stay: number, values: Partial<NewMovement>) => {
    if (at > last) return;
    const entry = movement('entry', at, values);
    entries.push(entry);
    const out = at + stay * MINUTE;
    if (out <= last) exits.push({ entryClientId: entry.client_id, at: out, guard: entry.guard_user_id! });
  };

  for (let days = -DAYS; days <= 0; days++) {
    const date = dayOf(days);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const who = weekday === 0 ? supervisor : guard;
    const at = (hour: number, minute: number) =>
      Date.parse(localToUtc(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, timeZone));
    if (weekday !== 0) {
      visit(at(7, random.int(30, 59)), random.int(8 * 60, 9 * 60), {
        pass_id: domestic.id,
        pass_kind: 'domestico',
        apartment_id: dwellingId('Torre B - 502'),
        visitor_name: 'Martha Delgado Ruiz',
        guard_user_id: who,
      });
    }
    if (weekday === 2) {
      visit(at(9, random.int(0, 30)), random.int(150, 240), {
        pass_id: gardener.id,
        pass_kind: 'preautorizado',
        apartment_id: dwellingId('Torre B - 502'),
        visitor_name: 'Jardinería Los Arcos',
        people: 3,
        plates: 'JKL-215-C',
        guard_user_id: who,
      });
    }
    const walkIns = random.int(18, 34);
    for (let i = 0; i < walkIns; i++) {
      const dwelling = random.pick(dwellings);
      const kind = random.next();
      const byCar = random.next() < 0.4;
      const name =
        kind < 0.45
          ? random.pick(DELIVERIES)
          : kind < 0.6
            ? random.pick(SERVICES)
            : `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)} ${random.pick(LAST_NAMES)}`;
      const stay = kind < 0.45 ? random.int(3, 15) : kind < 0.6 ? random.int(45, 180) : random.int(30, 300);
      visit(at(random.int(7, 21), random.int(0, 59)), stay, {
        apartment_id: dwelling.id,
        visitor_name: name,
        people: kind < 0.45 ? 1 : random.int(1, 4),
        plates: byCar ? plates() : null,
        guard_user_id: who,
      });
    }
    // Now and then somebody is not let in.
    if (random.next() < 0.4) {
      const moment = at(random.int(8, 22), random.int(0, 59));
      if (moment <= last) {
        const reason = random.pick(['unknown', 'guardDecision', 'expired'] as const);
        entries.push(
          movement('refusal', moment, {
            apartment_id: random.pick(dwellings).id,
            visitor_name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
            reason,
            note: reason === 'guardDecision' ? 'El residente no contestó y no traía identificación.' : null,
            guard_user_id: who,
          }),
        );
      }
    }
  }

  for (let i = 0; i < entries.length; i += CHUNK)
    await db
      .insertInto('gate_movements')
      .values(entries.slice(i, i + CHUNK))
      .execute();
  const ids = new Map(
    (
      await db
        .selectFrom('gate_movements')
        .select(['id', 'client_id'])
        .where('condo_id', '=', condo.id)
        .where('kind', '=', 'entry')
        .execute()
    ).map((r) => [r.client_id, r.id]),
  );
  const entryOf = new Map(entries.map((e) => [e.client_id, e]));
  const exitRows = exits
    .sort((a, b) => a.at - b.at)
    .map((exit) => {
      const entry = entryOf.get(exit.entryClientId)!;
      return movement('exit', exit.at, {
        pass_id: entry.pass_id,
        pass_kind: entry.pass_kind,
        apartment_id: entry.apartment_id,
        visitor_name: entry.visitor_name,
        people: entry.people,
        plates: entry.plates,
        entry_id: ids.get(exit.entryClientId)!,
        guard_user_id: exit.guard,
      });
    });
  for (let i = 0; i < exitRows.length; i += CHUNK)
    await db
      .insertInto('gate_movements')
      .values(exitRows.slice(i, i + CHUNK))
      .execute();
}
