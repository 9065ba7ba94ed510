// The resident's money home (src/api/financeHome.ts): each dwelling the caller may see, what it owes and by
// when, its open charges, its last payments with their receipts, and online payments still waiting for money.
// The statement's rules decide who sees which dwelling (permissions.canSeeStatementOf); another condominium's
// dwelling, or one the caller may not see, is a 404 (nothing tells them it exists).
import type { Kysely } from 'kysely';
import { OPEN_CHECKOUT_STATES } from '../../../src/api/checkout';
import { type DwellingMoney, dueSummary, type FinanceHome, HOME_PAYMENTS, type HomePayment } from '../../../src/api/financeHome';
import { canPayOnline, canSeeAccountStatement, canSeeAllStatements, canSeeStatementOf } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { openChargesOf } from '../shared/ledgerOpen';
import { loadAccess } from '../shared/sessionData';
import { condoToday } from '../shared/zonedTime';
import { dwellingsOf } from './statements';

export async function financeHome(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  /** Whether the condominium takes payments online now (domain/checkout's settings, read by the route). */
  takesPayments: boolean,
  apartmentId?: number,
): Promise<FinanceHome> {
  const access = await loadAccess(db, auth);
  const own = access.usuario.apartments.map((a) => a.AptId);
  const ids = apartmentId === undefined ? (canSeeAccountStatement(access) ? own : []) : [apartmentId];
  if (apartmentId !== undefined && !canSeeStatementOf(access, own, apartmentId)) {
    throw notFound('errors.notFound.dwelling');
  }
  const found = ids.length === 0 ? [] : await dwellingsOf(db, auth.condoId, ids);
  if (apartmentId !== undefined && found.length === 0) throw notFound('errors.notFound.dwelling');
  const today = await condoToday(db, clock, auth.condoId);
  const dwellings: DwellingMoney[] = [];
  for (const dwelling of found) {
    const { open, creditCents } = await openChargesOf(db, auth.condoId, dwelling.ApartmentId);
    dwellings.push({
      ApartmentId: dwelling.ApartmentId,
      AptName: dwelling.AptName,
      TorreName: dwelling.TorreName,
      owedCents: open.reduce((sum, c) => sum + c.openCents, 0),
      creditCents,
      ...dueSummary(open, today),
      open,
      payments: await lastPayments(db, auth.condoId, dwelling.ApartmentId),
      waiting: await waitingCheckouts(db, auth.condoId, dwelling.ApartmentId, clock.now().toISOString()),
      canPay: takesPayments && canPayOnline(access, own, dwelling.ApartmentId),
    });
  }
  return { today, dwellings, seesAll: canSeeAllStatements(access) };
}

async function lastPayments(db: Kysely<Database>, condoId: number, apartmentId: number): Promise<HomePayment[]> {
  const rows = await db
    .selectFrom('dwelling_payments as p')
    .leftJoin('payment_receipts as r', (join) => join.onRef('r.payment_id', '=', 'p.id').onRef('r.condo_id', '=', 'p.condo_id'))
    .select(['p.id', 'p.paid_on', 'p.amount_cents', 'r.method', 'r.folio', 'r.cancelled_at'])
    .where('p.condo_id', '=', condoId)
    .where('p.apartment_id', '=', apartmentId)
    .orderBy('p.paid_on', 'desc')
    .orderBy('p.id', 'desc')
    .limit(HOME_PAYMENTS)
    .execute();
  return rows.map((row) => ({
    paymentId: row.id,
    paidOn: row.paid_on,
    amountCents: Number(row.amount_cents),
    method: row.method ?? null,
    folio: row.folio === null ? null : Number(row.folio),
    cancelled: row.cancelled_at !== null,
  }));
}

/** Online payments opened for the dwelling whose money has not come yet, and whose time has not run out. */
async function waitingCheckouts(db: Kysely<Database>, condoId: number, apartmentId: number, now: string) {
  const rows = await db
    .selectFrom('checkouts')
    .select(['id', 'method', 'state', 'total_cents', 'expires_at'])
    .where('condo_id', '=', condoId)
    .where('apartment_id', '=', apartmentId)
    .where('state', 'in', [...OPEN_CHECKOUT_STATES])
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    method: row.method as DwellingMoney['waiting'][number]['method'],
    state: row.state as DwellingMoney['waiting'][number]['state'],
    totalCents: Number(row.total_cents),
    expiresAt: row.expires_at,
  }));
}
