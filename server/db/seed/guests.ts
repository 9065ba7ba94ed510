// The guest demo of DESIGN.md §6 in Residencial Las Palmas: its gates, the registration tokens (one per
// state of the guest form) and the visitor pass DEMO-PASE-001. Deterministic: every date is a fixed offset
// from the seed clock, in the condominium's time zone, so the tokens show the same states whenever it loads.
import type { Kysely } from 'kysely';
import { inZone } from '../../domain/shared/zonedTime';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';
import { DEMO_CONDOS } from './demoFacts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The demo pass (DESIGN.md §6): invitacion/<Las Palmas CondoId>/DEMO-PASE-001. */
export const DEMO_PASS_QR = 'DEMO-PASE-001';
export const DEMO_PASS_KEY = 'PALMAS01';
/** A file the app serves (public/), so the regulation link opens something real. */
export const DEMO_REGULATION_URL = '/reglamentos/residencial-las-palmas.pdf';

export const DEMO_GUEST_TOKENS = {
  open: 'demo-evento',
  noParking: 'demo-evento-sin-autos',
  cancelled: 'demo-evento-cancelado',
  ended: 'demo-evento-terminado',
  full: 'demo-evento-lleno',
  user: 'demo-usuario',
  condo: 'demo-condominio',
} as const;

/** 19:00 in the condominium's time zone, `days` after the seed day (events happen in the evening). */
function eveningAt(now: Date, timeZone: string, days: number): string {
  const { date } = inZone(new Date(now.getTime() + days * DAY), timeZone);
  // Noon UTC of that day, moved to 19:00 local through the zone's offset at that moment.
  const noon = new Date(`${date}T12:00:00Z`);
  const local = inZone(noon, timeZone);
  const offsetMinutes = (Number(local.time.slice(0, 2)) - 12) * 60 + Number(local.time.slice(3));
  return new Date(noon.getTime() + (7 * 60 - offsetMinutes) * 60_000).toISOString();
}

export async function seedGuests(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const createdAt = now.toISOString();
  const palmas = DEMO_CONDOS.find((c) => c.key === 'palmas')!;
  const timeZone = palmas.row.time_zone;
  const condo = await db
    .selectFrom('condominiums')
    .select('id')
    .where('subdomain', '=', palmas.row.subdomain)
    .executeTakeFirstOrThrow();
  const rosa = await db
    .selectFrom('users as u')
    .innerJoin('memberships as m', 'm.user_id', 'u.id')
    .innerJoin('residencies as r', 'r.membership_id', 'm.id')
    .select(['u.id', 'r.apartment_id'])
    .where('u.email', '=', 'residente@demo.mx')
    .where('m.condo_id', '=', condo.id)
    .executeTakeFirstOrThrow();

  await db
    .insertInto('guest_settings')
    .values({ condo_id: condo.id, ask_access: 1, ask_plates: 1, regulation_url: DEMO_REGULATION_URL })
    .execute();
  const [main] = await db
    .insertInto('access_points')
    .values([
      {
        condo_id: condo.id,
        name: 'Acceso principal',
        address: 'Av. de las Palmas 1200, Zapopan, Jalisco',
        coordinates: '20.710112,-103.410358',
        created_at: createdAt,
      },
      {
        condo_id: condo.id,
        name: 'Acceso peatonal Fresno',
        address: 'Calle Fresno 45, Zapopan, Jalisco',
        coordinates: '20.709254,-103.412087',
        created_at: createdAt,
      },
    ])
    .returning('id')
    .execute();

  const event = async (
    token: string,
    values: {
      name: string;
      days: number;
      companions: number;
      guestLimit: number;
      guestCount: number;
      vehicleLimit: number;
      vehicleCount: number;
      status?: string;
      startsAt?: string;
    },
  ) => {
    const { id } = await db
      .insertInto('events')
      .values({
        condo_id: condo.id,
        host_user_id: rosa.id,
        name: values.name,
        description: 'Celebración en el salón de usos múltiples. Trae tu identificación.',
        starts_at: values.startsAt ?? eveningAt(now, timeZone, values.days),
        companions_allowed: values.companions,
        guest_limit: values.guestLimit,
        vehicle_limit: values.vehicleLimit,
        guest_count: values.guestCount,
        vehicle_count: values.vehicleCount,
        status: values.status ?? 'activo',
        access_point_id: main!.id,
        visitor_note: 'Estaciónate en el área de visitas y muestra tu QR en la caseta.',
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('guest_links')
      .values({ token, type: 'event', condo_id: condo.id, user_id: null, event_id: id, created_at: createdAt, revoked_at: null })
      .execute();
  };
  const t = DEMO_GUEST_TOKENS;
  await event(t.open, {
    name: 'Cumpleaños de Rosa',
    days: 3,
    companions: 3,
    guestLimit: 40,
    guestCount: 0,
    vehicleLimit: 15,
    vehicleCount: 0,
  });
  await event(t.noParking, {
    name: 'Comida familiar',
    days: 5,
    companions: 2,
    guestLimit: 30,
    guestCount: 8,
    vehicleLimit: 8,
    vehicleCount: 8,
  });
  await event(t.cancelled, {
    name: 'Posada del edificio',
    days: 7,
    companions: 1,
    guestLimit: 30,
    guestCount: 2,
    vehicleLimit: 10,
    vehicleCount: 1,
    status: 'cancelado',
  });
  // Started 20 hours before the data loads: past the 12-hour cut-off.
  await event(t.ended, {
    name: 'Reunión de vecinos',
    days: 0,
    companions: 0,
    guestLimit: 30,
    guestCount: 3,
    vehicleLimit: 10,
    vehicleCount: 0,
    startsAt: new Date(now.getTime() - 20 * HOUR).toISOString(),
  });
  await event(t.full, {
    name: 'Cena de aniversario',
    days: 10,
    companions: 1,
    guestLimit: 12,
    guestCount: 12,
    vehicleLimit: 6,
    vehicleCount: 3,
  });
  await db
    .insertInto('guest_links')
    .values([
      {
        token: t.user,
        type: 'user',
        condo_id: condo.id,
        user_id: rosa.id,
        event_id: null,
        created_at: createdAt,
        revoked_at: null,
      },
      {
        token: t.condo,
        type: 'condo',
        condo_id: condo.id,
        user_id: null,
        event_id: null,
        created_at: createdAt,
        revoked_at: null,
      },
    ])
    .execute();

  // A domestic worker's pass: three weekdays, office hours, a month from the seed day.
  const from = inZone(now, timeZone).date;
  const to = inZone(new Date(now.getTime() + 30 * DAY), timeZone).date;
  await db
    .insertInto('passes')
    .values({
      condo_id: condo.id,
      tipo: 'domestico',
      qr: DEMO_PASS_QR,
      manual_key: DEMO_PASS_KEY,
      nombre: 'Laura Gómez Pineda',
      email: 'laura.gomez@correo.mx',
      telefono: '3312345678',
      dias_acceso: JSON.stringify(['lunes', 'miercoles', 'viernes']),
      fecha_inicio: from,
      fecha_fin: to,
      hora_inicio: '08:00',
      hora_fin: '17:30',
      nota_visitante: 'Presenta una identificación oficial en la caseta.',
      nombre_infante: null,
      host_user_id: rosa.id,
      apartment_id: rosa.apartment_id,
      guest_link_id: null,
      event_id: null,
      companions: 0,
      forma_de_acceso: 'pie',
      placas: null,
      created_at: createdAt,
      revoked_at: null,
    })
    .execute();
}
