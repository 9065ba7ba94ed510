// The demo history of Residencial Las Palmas for the welcome timeline: the condominium opened about 60 days
// before the data loads, its administrator joined and set up the sections and the privacy notice, and
// staff and neighbours joined since. Deterministic: every date is a fixed offset from the seed clock.
import type { Kysely } from 'kysely';
import { recordActivity } from '../../domain/timeline/timeline';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';
import { DEMO_CONDOS } from './demoFacts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Named accounts of Las Palmas in the order they joined, days before the data loads. */
const JOINED: [email: string, daysAgo: number][] = [
  ['admin@demo.mx', 60],
  ['consejo@demo.mx', 48],
  ['supervisor@demo.mx', 45],
  ['empleado@demo.mx', 44],
  ['guardia@demo.mx', 44],
  ['residente@demo.mx', 30],
];

/** How many of the neighbours (vecino001…) appear as having joined, one every few days up to yesterday. */
const NEIGHBOURS_JOINED = 8;

export async function seedActivity(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  // Mid-morning to early evening in Mexico (UTC-6), so the times look like office hours.
  const at = (daysAgo: number, hourUtc: number, minute = 0) => {
    const day = Math.floor((now - daysAgo * DAY) / DAY) * DAY;
    return new Date(Math.min(day + hourUtc * HOUR + minute * 60_000, now - 60_000));
  };

  const palmas = DEMO_CONDOS.find((c) => c.key === 'palmas')!;
  const condo = await db
    .selectFrom('condominiums')
    .select('id')
    .where('subdomain', '=', palmas.row.subdomain)
    .executeTakeFirstOrThrow();
  const people = await palmasPeople(db, condo.id);
  const admin = people.get('admin@demo.mx')!;
  const record = (activity: Parameters<typeof recordActivity>[2]) => recordActivity(db, clock, activity);

  await record({ condoId: condo.id, kind: 'condo.created', subject: palmas.row.name, at: at(60, 15) });
  await record({ condoId: condo.id, kind: 'member.joined', subject: admin.name, detail: admin.dwelling, at: at(60, 16, 20) });

  const sections = await db
    .selectFrom('sections')
    .select(['name', 'position'])
    .where('condo_id', '=', condo.id)
    .orderBy('position')
    .execute();
  for (const [index, section] of sections.entries()) {
    // A couple of sections a day over the first week.
    await record({
      condoId: condo.id,
      kind: 'section.created',
      subject: section.name,
      actorUserId: admin.id,
      at: at(59 - Math.floor(index / 2), 16 + (index % 2) * 2, 10 * index),
    });
  }
  await record({
    condoId: condo.id,
    kind: 'privacy.updated',
    subject: palmas.row.name,
    actorUserId: admin.id,
    at: at(54, 17, 45),
  });

  for (const [index, [email, daysAgo]] of JOINED.slice(1).entries()) {
    const person = people.get(email)!;
    const when = at(daysAgo, 17, 5 + 13 * index);
    await record({ condoId: condo.id, kind: 'member.joined', subject: person.name, detail: person.dwelling, at: when });
  }
  for (let n = 1; n <= NEIGHBOURS_JOINED; n++) {
    const person = people.get(`vecino${String(n).padStart(3, '0')}@demo.mx`)!;
    const daysAgo = 40 - (n - 1) * 5; // 40, 35, … 5
    await record({
      condoId: condo.id,
      kind: 'member.joined',
      subject: person.name,
      detail: person.dwelling,
      at: at(daysAgo, 14 + (n % 5), 7 * n),
    });
  }
}

interface Person {
  id: number;
  name: string;
  /** "Torre A - 101", "Casa 3", or null for staff without a dwelling. */
  dwelling: string | null;
}

async function palmasPeople(db: Kysely<Database>, condoId: number): Promise<Map<string, Person>> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('residencies as r', 'r.membership_id', 'm.id')
    .leftJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['u.id', 'u.email', 'u.name', 'a.name as apartment', 't.name as tower'])
    .where('m.condo_id', '=', condoId)
    .orderBy('u.id')
    .orderBy('a.id')
    .execute();
  const people = new Map<string, Person>();
  for (const row of rows) {
    if (people.has(row.email)) continue;
    const dwelling = row.apartment === null ? null : row.tower ? `${row.tower} - ${row.apartment}` : row.apartment;
    people.set(row.email, { id: row.id, name: row.name, dwelling });
  }
  return people;
}
