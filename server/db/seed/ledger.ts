// The ledger demo of DESIGN.md §6 for Residencial Las Palmas: two years of monthly cuotas and payments for
// every dwelling (some in arrears), income and expenses by category, bank and cash accounts, funds and yearly
// budgets. Deterministic: every amount and date is a function of the dwelling's position and the month's
// offset from the seed day (in the condominium's time zone). Rows go in batches, so loading stays fast.
import type { Insertable, Kysely } from 'kysely';
import { inZone } from '../../domain/shared/zonedTime';
import type { Clock } from '../../infra/clock';
import { newToken } from '../../infra/tokens';
import type { Database, DwellingChargeTable, DwellingPaymentTable, LedgerMovementTable, PaymentReceiptTable } from '../schema';

/** Months of history, the current one included. */
export const LEDGER_MONTHS = 24;
const BATCH = 1000;

export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** Monthly cuota in cents by where the dwelling is. */
export const CUOTA_CENTS = { 'Torre A': 185_000, 'Torre B': 210_000, house: 260_000 } as const;
/** The extraordinary charge, eight months before the current one. */
export const EXTRAORDINARY = { concept: 'Cuota extraordinaria: impermeabilización', cents: 150_000, monthsAgo: 8 };
/** Cuotas fall due on this day of their month. */
export const DUE_DAY = 10;

/**
 * Dwellings in arrears, by their position among the condominium's dwellings (id order): every eleventh from
 * the fourth stops paying its last 1–6 cuotas; every 29th from the eighth never paid the extraordinary charge.
 */
export function unpaidMonths(index: number): number {
  return index % 11 === 3 ? 1 + (index % 6) : 0;
}
export const skipsExtraordinary = (index: number) => index % 29 === 7;

interface Month {
  year: number;
  /** 1–12. */
  month: number;
  /** Months before the current one (0 = current). */
  ago: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (m: Month, d: number) => `${m.year}-${pad(m.month)}-${pad(d)}`;

function monthsUpTo(today: string): Month[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: LEDGER_MONTHS }, (_, i) => {
    const ago = LEDGER_MONTHS - 1 - i;
    const index = year * 12 + (month - 1) - ago;
    return { year: Math.floor(index / 12), month: (index % 12) + 1, ago };
  });
}

async function insertBatched<R>(rows: readonly R[], insert: (batch: R[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

const EXPENSES: { category: string; description: string; cents: number; swing: number; cash?: boolean }[] = [
  { category: 'Vigilancia', description: 'Servicio de seguridad privada', cents: 8_500_000, swing: 0 },
  { category: 'Limpieza', description: 'Servicio de limpieza de áreas comunes', cents: 4_200_000, swing: 0 },
  { category: 'Jardinería', description: 'Mantenimiento de jardines', cents: 1_850_000, swing: 40_000 },
  { category: 'Energía eléctrica', description: 'CFE áreas comunes', cents: 2_300_000, swing: 35_000 },
  { category: 'Agua', description: 'SIAPA áreas comunes', cents: 1_200_000, swing: 25_000 },
  { category: 'Mantenimiento', description: 'Mantenimiento de elevadores y bombas', cents: 1_500_000, swing: 60_000 },
  { category: 'Administración', description: 'Honorarios de la administración', cents: 3_000_000, swing: 0 },
  { category: 'Papelería', description: 'Papelería y consumibles', cents: 120_000, swing: 8_000, cash: true },
];

export async function seedLedger(db: Kysely<Database>, clock: Clock): Promise<void> {
  const condo = await db
    .selectFrom('condominiums')
    .select(['id', 'time_zone'])
    .where('subdomain', '=', 'palmas')
    .executeTakeFirst();
  if (!condo) return;
  const today = inZone(clock.now(), condo.time_zone).date;
  const months = monthsUpTo(today);
  const first = months[0]!;
  const openedOn = day(first, 1);

  const [operating, investment, cash] = await db
    .insertInto('ledger_accounts')
    .values([
      { condo_id: condo.id, name: 'BBVA Cuenta operativa', kind: 'banco', opening_cents: 42_000_000, opened_on: openedOn },
      { condo_id: condo.id, name: 'Banorte Inversión', kind: 'banco', opening_cents: 90_000_000, opened_on: openedOn },
      { condo_id: condo.id, name: 'Caja chica', kind: 'caja', opening_cents: 500_000, opened_on: openedOn },
    ])
    .returning('id')
    .execute();
  const [reserve, works] = await db
    .insertInto('ledger_funds')
    .values([
      { condo_id: condo.id, name: 'Fondo de reserva', opening_cents: 35_000_000, opened_on: openedOn },
      { condo_id: condo.id, name: 'Fondo de obras', opening_cents: 12_000_000, opened_on: openedOn },
    ])
    .returning('id')
    .execute();

  const apartments = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 't.name as tower'])
    .where('a.condo_id', '=', condo.id)
    .orderBy('a.id')
    .execute();

  const charges: Insertable<DwellingChargeTable>[] = [];
  const payments: Insertable<DwellingPaymentTable>[] = [];
  apartments.forEach((apartment, index) => {
    const cuota = CUOTA_CENTS[(apartment.tower ?? 'house') as keyof typeof CUOTA_CENTS] ?? CUOTA_CENTS.house;
    const unpaid = unpaidMonths(index);
    const payDay = 3 + (index % 9);
    const account = index % 7 === 0 ? cash!.id : operating!.id;
    for (const m of months) {
      const chargedOn = day(m, 1);
      charges.push({
        condo_id: condo.id,
        apartment_id: apartment.id,
        concept: `Cuota de mantenimiento ${MONTH_NAMES[m.month - 1]} ${m.year}`,
        charged_on: chargedOn,
        due_on: day(m, DUE_DAY),
        amount_cents: cuota,
      });
      const paidOn = day(m, payDay);
      if (m.ago >= unpaid && paidOn <= today) {
        payments.push({
          condo_id: condo.id,
          apartment_id: apartment.id,
          account_id: account,
          paid_on: paidOn,
          reference: `REF-${apartment.id}-${m.year}${pad(m.month)}`,
          amount_cents: cuota,
        });
      }
      if (m.ago === EXTRAORDINARY.monthsAgo) {
        charges.push({
          condo_id: condo.id,
          apartment_id: apartment.id,
          concept: EXTRAORDINARY.concept,
          charged_on: chargedOn,
          due_on: day(m, 28),
          amount_cents: EXTRAORDINARY.cents,
        });
        if (!skipsExtraordinary(index)) {
          payments.push({
            condo_id: condo.id,
            apartment_id: apartment.id,
            account_id: operating!.id,
            paid_on: day(m, 20),
            reference: `EXT-${apartment.id}-${m.year}${pad(m.month)}`,
            amount_cents: EXTRAORDINARY.cents,
          });
        }
      }
    }
  });

  const movements: Insertable<LedgerMovementTable>[] = [];
  for (const m of months) {
    const spendDay = day(m, 15);
    if (spendDay > today) continue;
    const wiggle = (m.year * 12 + m.month) % 7;
    for (const [i, expense] of EXPENSES.entries()) {
      movements.push({
        condo_id: condo.id,
        kind: 'egreso',
        category: expense.category,
        description: `${expense.description} ${MONTH_NAMES[m.month - 1]} ${m.year}`,
        occurred_on: day(m, 12 + (i % 5)),
        amount_cents: expense.cents + ((wiggle + i) % 7) * expense.swing,
        account_id: expense.cash ? cash!.id : operating!.id,
        fund_id: null,
      });
    }
    movements.push({
      condo_id: condo.id,
      kind: 'ingreso',
      category: 'Intereses bancarios',
      description: `Rendimientos ${MONTH_NAMES[m.month - 1]} ${m.year}`,
      occurred_on: day(m, 28),
      amount_cents: 480_000 + wiggle * 9_000,
      account_id: investment!.id,
      fund_id: reserve!.id,
    });
    if (wiggle % 2 === 0) {
      movements.push({
        condo_id: condo.id,
        kind: 'ingreso',
        category: 'Renta de salón de eventos',
        description: `Renta del salón de eventos ${MONTH_NAMES[m.month - 1]} ${m.year}`,
        occurred_on: day(m, 14),
        amount_cents: 250_000 * (1 + (wiggle % 3)),
        account_id: cash!.id,
        fund_id: null,
      });
    }
    if (m.ago === EXTRAORDINARY.monthsAgo - 1) {
      movements.push({
        condo_id: condo.id,
        kind: 'egreso',
        category: 'Obras',
        description: 'Impermeabilización de azoteas Torre A y Torre B',
        occurred_on: day(m, 5),
        amount_cents: 38_500_000,
        account_id: operating!.id,
        fund_id: works!.id,
      });
    }
    if (m.ago === 15) {
      movements.push({
        condo_id: condo.id,
        kind: 'egreso',
        category: 'Obras',
        description: 'Pintura de fachadas',
        occurred_on: day(m, 7),
        amount_cents: 9_800_000,
        account_id: operating!.id,
        fund_id: works!.id,
      });
    }
  }

  const cuotasPerYear = apartments.reduce(
    (sum, a) => sum + 12 * (CUOTA_CENTS[(a.tower ?? 'house') as keyof typeof CUOTA_CENTS] ?? CUOTA_CENTS.house),
    0,
  );
  const years = [...new Set(months.map((m) => m.year))];
  const budgets = years.flatMap((year, y) => [
    { condo_id: condo.id, year, kind: 'ingreso', category: 'Cuotas de mantenimiento', amount_cents: cuotasPerYear },
    { condo_id: condo.id, year, kind: 'ingreso', category: 'Intereses bancarios', amount_cents: 6_000_000 },
    ...EXPENSES.map((e) => ({
      condo_id: condo.id,
      year,
      kind: 'egreso',
      category: e.category,
      // Budgets rise 4 % a year.
      amount_cents: Math.round(12 * (e.cents + 3 * e.swing) * (1 + 0.04 * y)),
    })),
    { condo_id: condo.id, year, kind: 'egreso', category: 'Obras', amount_cents: 40_000_000 },
  ]);

  await insertBatched(charges, (batch) => db.insertInto('dwelling_charges').values(batch).execute());
  await insertBatched(payments, (batch) => db.insertInto('dwelling_payments').values(batch).execute());
  await seedReceipts(db, condo.id);
  await insertBatched(movements, (batch) => db.insertInto('ledger_movements').values(batch).execute());
  await insertBatched(budgets, (batch) => db.insertInto('ledger_budgets').values(batch).execute());
}

/**
 * Every demo payment's receipt, as insertLedgerPayment would have written it (domain/shared/ledgerPayments.ts):
 * folios in paid_on then id order, a fresh token each, method 'registrado' (an administrator recorded them),
 * made the day the payment was (noon UTC, as migration 0022 dates the receipts it backfills).
 */
async function seedReceipts(db: Kysely<Database>, condoId: number): Promise<void> {
  const paid = await db
    .selectFrom('dwelling_payments')
    .select(['id', 'paid_on'])
    .where('condo_id', '=', condoId)
    .orderBy('paid_on')
    .orderBy('id')
    .execute();
  const receipts: Insertable<PaymentReceiptTable>[] = paid.map((p, i) => ({
    condo_id: condoId,
    payment_id: p.id,
    folio: i + 1,
    token: newToken(),
    method: 'registrado',
    created_at: `${p.paid_on}T12:00:00.000Z`,
  }));
  await insertBatched(receipts, (batch) => db.insertInto('payment_receipts').values(batch).execute());
}
