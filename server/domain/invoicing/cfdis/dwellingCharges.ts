// crear-factura's "a dwelling's charges": the dwelling's charges (positive: a credit is not invoiced) that no
// vigente CFDI covers yet and that are still owed or were charged this month (issue 28 #9: a paid charge of
// 2024 is no concept for today's invoice), oldest first, each with the default product its concept suggests,
// whether it is still owed and whether it is this month's (the screen ticks those); and the client the
// dwelling's payments invoice (its owner), if one is linked.
import type { Kysely } from 'kysely';
import type { DefaultProductKind, DwellingCharges } from '../../../../src/api/invoicing';
import { foldForSearch } from '../../../../src/api/search';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../infra/clock';
import { openChargesOf } from '../../shared/ledgerOpen';
import { condoToday } from '../../shared/zonedTime';
import { clientOfDwelling } from '../clients';
import { checkDwelling } from './draftFromDb';

/** The default product a charge's concept names (the ledger's words: "Cuota de mantenimiento noviembre", …). */
export function productKindOf(concept: string, reservationId: number | null | undefined): DefaultProductKind | null {
  if (reservationId) return 'reservacion';
  const words = foldForSearch(concept);
  if (words.includes('extraordinari')) return 'cuotaExtraordinaria';
  if (words.includes('multa') || words.includes('sancion')) return 'multa';
  if (words.includes('mantenimiento') || words.includes('cuota')) return 'cuotaMantenimiento';
  if (words.includes('reserva')) return 'reservacion';
  return null;
}

export async function dwellingCharges(
  db: Kysely<Database>,
  clock: Clock,
  condoId: number,
  apartmentId: number,
): Promise<DwellingCharges> {
  await checkDwelling(db, condoId, apartmentId);
  const charges = await db
    .selectFrom('dwelling_charges as d')
    .select(['d.id', 'd.concept', 'd.charged_on', 'd.amount_cents', 'd.reservation_id'])
    .where('d.condo_id', '=', condoId)
    .where('d.apartment_id', '=', apartmentId)
    .where('d.amount_cents', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('cfdi_links as l')
            .innerJoin('cfdis as c', 'c.id', 'l.cfdi_id')
            .select('l.id')
            .whereRef('l.charge_id', '=', 'd.id')
            .where('c.status', '=', 'vigente'),
        ),
      ),
    )
    .orderBy('d.charged_on')
    .orderBy('d.id')
    .execute();
  const client = await clientOfDwelling(db, condoId, apartmentId);
  const stillOwed = new Set((await openChargesOf(db, condoId, apartmentId)).open.map((c) => c.chargeId));
  const month = (await condoToday(db, clock, condoId)).slice(0, 7);
  return {
    charges: charges
      .map((c) => ({
        id: c.id,
        concept: c.concept,
        chargedOn: c.charged_on,
        amountCents: Number(c.amount_cents),
        productKind: productKindOf(c.concept, c.reservation_id),
        open: stillOwed.has(c.id),
        current: c.charged_on.slice(0, 7) === month,
      }))
      .filter((c) => c.open || c.current),
    clientId: client?.id ?? null,
    client,
  };
}
