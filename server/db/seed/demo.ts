// The demo data of DESIGN.md §6. Deterministic (no randomness but the password salt), with dates relative
// to the clock so time-dependent rules (trial countdown, event cut-off) look the same whenever it loads.
// Later issues extend it in their own files under seed/, called from seedDemo.
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import { PERMISSION } from '../../../src/api/permissions';
import { type Grants, RESIDENT_GRANTS, ROLE_GRANTS } from '../../domain/invitations/grants';
import type { Clock } from '../../infra/clock';
import { hashPassword } from '../../infra/passwords';
import type { Database, NewCondominium } from '../schema';
import { seedAccessRequests } from './accessRequests';
import { seedActivity } from './activity';
import { seedAssemblies } from './assemblies';
import { seedCalendar } from './calendar';
import { seedCheckout } from './checkout';
import { seedConversations } from './conversations';
import {
  DEMO_ACCOUNTS,
  DEMO_CONDOS,
  DEMO_PASSWORD,
  type DemoAccount,
  type DemoRole,
  FIRST_NAMES,
  LAST_NAMES,
  NEIGHBOURS_WITHOUT_PRIVACY,
} from './demoFacts';
import { seedDirectory } from './directory';
import { seedDocuments } from './documents';
import { seedGate } from './gate';
import { seedGateDevices } from './gateDevices';
import { seedGuests } from './guests';
import { seedIncidents } from './incidents';
import { seedInvoicing } from './invoicing';
import { seedLateFees } from './lateFees';
import { seedLedger } from './ledger';
import { seedParcels } from './parcels';
import { seedPlans } from './plans';
import { seedPolls } from './polls';
import { seedPosts } from './posts';
import { seedProofs } from './proofs';
import { seedRecurringCharges } from './recurringCharges';
import { seedReservations } from './reservations';
import { seedRounds } from './rounds';
import { seedSavedCards } from './savedCards';
import { seedSupport } from './support';
import { seedTickets } from './tickets';

export interface SeedOptions {
  clock: Clock;
  scryptLogN: number;
}

/**
 * Tables in the order rows must be deleted (children first). app_secrets is not demo data: the server's
 * own keys survive a reload.
 */
const TABLES_CHILD_FIRST = [
  // The support chat (issue 30): its rows point at condominiums, users, files and the desk's agents.
  'support_attachments',
  'support_messages',
  'support_conversations',
  'support_contacts',
  'support_canned',
  'support_settings',
  'support_sessions',
  'support_agents',
  // The document library (issue 32): versions point at documents and files, documents at folders.
  'document_versions',
  'documents',
  'document_folders',
  // Assemblies (issue 32): their rows point at assemblies, dwellings, users, posts and calendar events.
  'assembly_attendance',
  'assembly_confirmations',
  'assembly_calls',
  'assembly_items',
  'assemblies',
  'assembly_settings',
  // Incidents and handovers (issue 31): photos point at incidents and files, incidents at tickets.
  'incident_photos',
  'incidents',
  'shift_handovers',
  // Supervisor rounds (issue 31): notes and stops point at scans, scans at rounds, rounds at plans and checkpoints.
  'round_notes',
  'round_stops',
  'round_scans',
  'rounds',
  'round_plan_stops',
  'round_plans',
  'round_checkpoints',
  // The gate (issue 26): movements point at passes, dwellings, devices and users.
  'gate_movements',
  // E-invoicing (issue 17): its rows point at dwellings, payments, charges and users. invoicing_client_dwellings
  // (no id of its own) goes with its clients.
  'stamp_requests',
  'stamp_movements',
  'cfdi_links',
  'cfdis',
  'invoicing_clients',
  'invoicing_products',
  'invoicing_issuers',
  'reservations',
  'facility_closures',
  'facility_files',
  'facilities',
  'calendar_feeds',
  'calendar_events',
  'poll_ballot_history',
  'poll_choices',
  'poll_ballots',
  'poll_electorate',
  'poll_attachments',
  'poll_options',
  'poll_questions',
  'polls',
  'audit_log',
  'scheduled_jobs',
  'ticket_ratings',
  'ticket_attachments',
  'ticket_events',
  'tickets',
  'ticket_due_hours',
  'ticket_categories',
  'message_reports',
  'message_photos',
  'messages',
  'conversation_blocks',
  'conversations',
  'notifications',
  'post_comments',
  'post_attachments',
  'posts',
  'generated_files',
  'reconciliation_matches',
  'bank_movements',
  'reconciliation_imports',
  'reconciliation_mappings',
  'late_fees',
  'late_fee_exemptions',
  'late_fee_rules',
  'payment_proofs',
  'recurring_charge_runs',
  'checkout_events',
  'checkouts',
  'payment_settings',
  'ledger_budgets',
  'ledger_movements',
  'payment_receipts',
  'dwelling_payments',
  'dwelling_charges',
  'ledger_funds',
  'ledger_accounts',
  'provider_contact_requests',
  'recurring_charges',
  'saved_cards',
  'provider_customers',
  'passes',
  'guest_links',
  'events',
  'access_points',
  'guest_settings',
  'plans',
  'activity',
  'mail_outbox_attachments',
  'mail_outbox',
  'password_resets',
  'section_users',
  'sections',
  'role_functions',
  'user_permissions',
  'sessions',
  // After sessions (a shift session names its device).
  'gate_pins',
  'gate_devices',
  'residencies',
  'memberships',
  'users',
  // After users: users.photo_file_id points at files (and a user's files go with them).
  'files',
  'apartments',
  'towers',
  'condominiums',
] as const;

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('condominiums').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

export async function seedIfEmpty(db: Kysely<Database>, options: SeedOptions): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db, options);
  return true;
}

/** Deletes every row and loads the demo data again, in one transaction. */
export async function resetAndSeed(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of TABLES_CHILD_FIRST) await trx.deleteFrom(table).execute();
    await restartIds(trx);
    await insertDemo(trx, options);
  });
}

/**
 * Ids start at 1 again, so a reloaded demo has the ids of a fresh one and links that carry them
 * (the visitor pass invitacion/<CondoId>/…) keep working after `npm run seed`.
 */
async function restartIds(trx: Transaction<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of TABLES_CHILD_FIRST) {
      await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN id RESTART WITH 1`.execute(trx);
    }
  } else {
    // AUTOINCREMENT keeps each table's highest id ever used in sqlite_sequence.
    await sql`DELETE FROM sqlite_sequence WHERE name IN (${sql.join(TABLES_CHILD_FIRST)})`.execute(trx);
  }
}

export async function seedDemo(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  await db.transaction().execute((trx) => insertDemo(trx, options));
}

/**
 * The calendar day `days` after `now` in the condominium's time zone: data loaded on a Mexican evening
 * belongs to that day, although UTC has already moved on to the next.
 */
function dateInZone(now: Date, timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function insertDemo(trx: Transaction<Database>, options: SeedOptions): Promise<void> {
  const now = options.clock.now();
  const createdAt = now.toISOString();
  // One hash for every demo account: they all share the documented password, and hashing hundreds of
  // residents at full cost would make every start and test slow. Real accounts each get their own salt.
  const passwordHash = await hashPassword(DEMO_PASSWORD, options.scryptLogN);

  const condoIds = new Map<string, number>();
  for (const condo of DEMO_CONDOS) {
    const endSubscription = dateInZone(now, condo.row.time_zone, condo.endsInDays);
    const values: NewCondominium = { ...condo.row, end_subscription: endSubscription, created_at: createdAt };
    const { id } = await trx.insertInto('condominiums').values(values).returning('id').executeTakeFirstOrThrow();
    condoIds.set(condo.key, id);
  }

  // Towers and dwellings.
  const apartmentIds = new Map<string, number>(); // "palmas/Torre A/101" → id
  for (const condo of DEMO_CONDOS) {
    const condoId = condoIds.get(condo.key)!;
    for (const tower of condo.towers) {
      const { id: towerId } = await trx
        .insertInto('towers')
        .values({ condo_id: condoId, name: tower.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows = await trx
        .insertInto('apartments')
        .values(tower.apartments.map((name) => ({ condo_id: condoId, tower_id: towerId, name })))
        .returning(['id', 'name'])
        .execute();
      for (const row of rows) apartmentIds.set(`${condo.key}/${tower.name}/${row.name}`, row.id);
    }
    if (condo.houses.length) {
      const rows = await trx
        .insertInto('apartments')
        .values(condo.houses.map((name) => ({ condo_id: condoId, tower_id: null, name })))
        .returning(['id', 'name'])
        .execute();
      for (const row of rows) apartmentIds.set(`${condo.key}//${row.name}`, row.id);
    }
  }

  // People: the named demo accounts, then neighbours who fill the directory.
  const accounts = [...DEMO_ACCOUNTS, ...neighbours()];
  for (const account of accounts) {
    const { id: userId } = await trx
      .insertInto('users')
      .values({
        email: account.email,
        name: account.name,
        password_hash: passwordHash,
        photo_file_name: null,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const m of account.memberships) {
      const condoId = condoIds.get(m.condo)!;
      const { id: membershipId } = await trx
        .insertInto('memberships')
        .values({
          user_id: userId,
          condo_id: condoId,
          is_admin: m.role === 'admin' ? 1 : 0,
          is_board: m.role === 'board' ? 1 : 0,
          is_employee: m.role === 'employee' || m.role === 'supervisor' ? 1 : 0,
          is_guard: m.role === 'guard' ? 1 : 0,
          is_supervisor: m.role === 'supervisor' ? 1 : 0,
          active: m.active === false ? 0 : 1,
          privacy_accepted_at: m.acceptedPrivacy === false ? null : createdAt,
          language: 'es',
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const dwelling of m.dwellings ?? []) {
        const apartmentId = apartmentIds.get(`${m.condo}/${dwelling}`);
        if (!apartmentId) throw new Error(`demo data: no dwelling ${m.condo}/${dwelling}`);
        await trx.insertInto('residencies').values({ membership_id: membershipId, apartment_id: apartmentId }).execute();
      }
      const grants = PERMISSIONS_BY_ROLE[m.role];
      await trx
        .insertInto('user_permissions')
        .values(
          grants.permisos.map(([clave, tipo, activa]) => ({
            membership_id: membershipId,
            clave,
            tipo,
            // 'Verificar pase' is on for the demo's gate staff, except those seeded with passCheck false.
            activa: clave === PERMISSION.passCheck ? (m.passCheck === false ? 0 : 1) : activa,
          })),
        )
        .execute();
      if (grants.funciones.length) {
        await trx
          .insertInto('role_functions')
          .values(grants.funciones.map(([funcion, tipo]) => ({ membership_id: membershipId, funcion, tipo })))
          .execute();
      }
    }
  }

  // Sections (blogs) of each condominium, and the users of exclusive ones.
  for (const condo of DEMO_CONDOS) {
    const condoId = condoIds.get(condo.key)!;
    for (const [index, section] of condo.sections.entries()) {
      const { id: sectionId } = await trx
        .insertInto('sections')
        .values({
          condo_id: condoId,
          name: section.name,
          code: section.code,
          graphic: null,
          position: index + 1,
          status: section.status ?? 'A',
          posting: section.posting ?? 'A',
          comments_display: section.comments ?? 'Y',
          vista_x_torre: section.exclusiveFor ? 0 : 1,
          sol_privada: 1,
          exclusiva_usuarios: section.exclusiveFor ? 'Y' : 'N',
          publico_privado: section.code === 'SA' ? 1 : 0,
          tiempo_moroso: 0,
          ver_resultados: section.code === 'EN' ? 1 : 0,
          enviar_copia: 0,
          mensaje_confirmacion: section.code === 'EN' ? 'Gracias por tu voto.' : null,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const email of section.exclusiveFor ?? []) {
        const user = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
        await trx.insertInto('section_users').values({ section_id: sectionId, user_id: user.id }).execute();
      }
    }
  }

  await seedActivity(trx, options.clock);
  await seedGuests(trx, options.clock);
  // Before the movements: they name the paired demo device.
  await seedGateDevices(trx, options.clock, options.scryptLogN);
  await seedGate(trx, options.clock);
  await seedPlans(trx, options.clock);
  await seedLedger(trx, options.clock);
  await seedLateFees(trx, options.clock);
  await seedCheckout(trx, options.clock);
  await seedProofs(trx, options.clock);
  await seedPosts(trx, options.clock);
  await seedConversations(trx, options.clock);
  await seedRecurringCharges(trx, options.clock);
  await seedSavedCards(trx, options.clock);
  await seedTickets(trx, options.clock);
  await seedPolls(trx, options.clock);
  await seedCalendar(trx, options.clock);
  await seedDirectory(trx);
  await seedReservations(trx, options.clock);
  await seedAccessRequests(trx, options.clock);
  await seedInvoicing(trx, options.clock);
  await seedParcels(trx, options.clock);
  await seedRounds(trx, options.clock);
  await seedIncidents(trx, options.clock);
  await seedAssemblies(trx, options.clock);
  await seedDocuments(trx, options.clock);
  await seedSupport(trx, options.clock, passwordHash);
}

/** usuarioPermisos and permisosRoles per demo role (spec §3.1, §6): the invitations' own table. */
const PERMISSIONS_BY_ROLE: Record<DemoRole, Grants> = { ...ROLE_GRANTS, resident: RESIDENT_GRANTS };

/**
 * Residents who fill Las Palmas beyond the named accounts: one in every third dwelling, named from fixed
 * lists so every load produces the same people.
 */
function neighbours(): DemoAccount[] {
  const palmas = DEMO_CONDOS.find((c) => c.key === 'palmas')!;
  const dwellings = [
    ...palmas.towers.flatMap((t) => t.apartments.map((a) => `${t.name}/${a}`)),
    ...palmas.houses.map((h) => `/${h}`),
  ];
  const taken = new Set(DEMO_ACCOUNTS.flatMap((a) => a.memberships.flatMap((m) => m.dwellings ?? [])));
  return dwellings
    .filter((_, index) => index % 3 === 1)
    .filter((dwelling) => !taken.has(dwelling))
    .map((dwelling, index) => {
      const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
      const last = LAST_NAMES[(index * 7) % LAST_NAMES.length]!;
      const second = LAST_NAMES[(index * 3 + 5) % LAST_NAMES.length]!;
      return {
        email: `vecino${String(index + 1).padStart(3, '0')}@demo.mx`,
        name: `${first} ${last} ${second}`,
        // The first few have not accepted the privacy notice yet, like residente@demo.mx.
        memberships: [
          { condo: 'palmas', role: 'resident', dwellings: [dwelling], acceptedPrivacy: index >= NEIGHBOURS_WITHOUT_PRIVACY },
        ],
      };
    });
}
