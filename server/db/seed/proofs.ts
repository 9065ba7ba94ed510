// The demo's proofs of payment (comprobantes de pago, issue 27): in Las Palmas, one proof already accepted (tied to
// one of the demo's recorded payments, so nothing is added to the ledger) and two waiting for review from demo
// residents, one of them a duplicate of the accepted one (same bank, reference, amount and day), so the review queue
// is not empty and shows the "posible duplicado" flag. Their files are a small PNG and a small PDF.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { referenceKey } from '../../../src/api/proofs';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The demo's proofs: the accepted one's reference, and the other waiting one's. */
export const DEMO_PROOFS = { condo: 'palmas', bank: 'BBVA', reference: 'SPEI 0048213', otherReference: 'DEP 771204' } as const;

export async function seedProofs(trx: Transaction<Database>, clock: Clock): Promise<void> {
  const condo = await trx.selectFrom('condominiums').select('id').where('subdomain', '=', DEMO_PROOFS.condo).executeTakeFirst();
  if (!condo) return;
  // Two dwellings with residents, each with a recorded payment: the first's is the accepted proof's.
  const payments = await trx
    .selectFrom('dwelling_payments as p')
    .innerJoin('residencies as r', 'r.apartment_id', 'p.apartment_id')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .select(['p.id', 'p.apartment_id', 'p.amount_cents', 'p.paid_on', 'm.user_id'])
    .where('p.condo_id', '=', condo.id)
    .where('m.active', '=', 1)
    .orderBy('p.paid_on', 'desc')
    .orderBy('p.id')
    .execute();
  const first = payments[0];
  const second = payments.find((p) => p.apartment_id !== first?.apartment_id);
  if (!first || !second) return;
  const now = clock.now();
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
  const file = async (data: Buffer, contentType: string, owner: number, createdAt: string) => {
    const sha256 = createHash('sha256').update(data).digest('hex');
    const row = await trx
      .insertInto('files')
      .values({ owner_user_id: owner, content_type: contentType, byte_size: data.length, sha256, data, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, sha256 };
  };
  const proof = async (p: {
    apartmentId: number;
    userId: number;
    clientId: string;
    state: 'aceptado' | 'enviado';
    amountCents: number;
    paidOn: string;
    reference: string;
    method: 'transferencia' | 'deposito';
    file: { id: number; sha256: string };
    fileName: string;
    createdAt: string;
    paymentId: number | null;
  }) =>
    trx
      .insertInto('payment_proofs')
      .values({
        condo_id: condo.id,
        apartment_id: p.apartmentId,
        user_id: p.userId,
        client_id: p.clientId,
        state: p.state,
        method: p.method,
        amount_cents: p.amountCents,
        paid_on: p.paidOn,
        bank: DEMO_PROOFS.bank,
        reference: p.reference,
        reference_key: referenceKey(p.reference),
        note: '',
        file_id: p.file.id,
        file_name: p.fileName,
        file_sha256: p.file.sha256,
        reviewed_by: null,
        reviewed_at: p.state === 'aceptado' ? p.createdAt : null,
        reject_reason: null,
        payment_id: p.paymentId,
        created_at: p.createdAt,
        updated_at: p.createdAt,
      })
      .execute();

  const acceptedAt = at(3 * 24 * 60);
  const png = await file(PNG, 'image/png', first.user_id, acceptedAt);
  await proof({
    apartmentId: first.apartment_id,
    userId: first.user_id,
    clientId: '00000000-0000-4000-8000-00000000d001',
    state: 'aceptado',
    amountCents: Number(first.amount_cents),
    paidOn: first.paid_on,
    reference: DEMO_PROOFS.reference,
    method: 'transferencia',
    file: png,
    fileName: 'transferencia.png',
    createdAt: acceptedAt,
    paymentId: first.id,
  });
  // The same transfer sent again (a different file, the same bank, reference, amount and day): posible duplicado.
  const pdf = await file(PDF, 'application/pdf', first.user_id, at(90));
  await proof({
    apartmentId: first.apartment_id,
    userId: first.user_id,
    clientId: '00000000-0000-4000-8000-00000000d002',
    state: 'enviado',
    amountCents: Number(first.amount_cents),
    paidOn: first.paid_on,
    reference: DEMO_PROOFS.reference,
    method: 'transferencia',
    file: pdf,
    fileName: 'comprobante-spei.pdf',
    createdAt: at(90),
    paymentId: null,
  });
  const other = await file(Buffer.concat([PDF, Buffer.from('% deposito\n')]), 'application/pdf', second.user_id, at(30));
  await proof({
    apartmentId: second.apartment_id,
    userId: second.user_id,
    clientId: '00000000-0000-4000-8000-00000000d003',
    state: 'enviado',
    amountCents: Number(second.amount_cents),
    paidOn: clockDay(now),
    reference: DEMO_PROOFS.otherReference,
    method: 'deposito',
    file: other,
    fileName: 'deposito.pdf',
    createdAt: at(30),
    paymentId: null,
  });
}

/** Yesterday in UTC: inside a year and never after today in Mexico's zones. */
const clockDay = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
