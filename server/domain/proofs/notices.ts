// Telling a proof's people how it ended (issue 27): accepted (with the receipt's payment, which the proofs screen
// downloads) or rejected with the reason. The sender is told, and when the sender does not live in the dwelling (a
// reviewer sent it for them) its residents are; never the reviewer who decided. Each reads it in their language (worded
// when read; shared/notify.ts keeps ids and values), from src/i18n/<lang>/proofs.json; opening it goes to
// condominio/comprobantes-de-pago (module 'comprobante', Props { proofId, paymentId? }). Called in the transaction
// that moves the proof.
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import { formatMoney } from '../../../src/api/finance';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { notify } from '../shared/notify';

export interface NoticeProof {
  id: number;
  condo_id: number;
  apartment_id: number;
  user_id: number;
  amount_cents: number;
}

export async function tellProofOutcome(
  db: Kysely<Database>,
  clock: Clock,
  proof: NoticeProof,
  outcome:
    | { kind: 'aceptado'; paymentId: number; actorUserId: number }
    | { kind: 'rechazado'; reason: string; actorUserId: number },
): Promise<void> {
  const dwelling = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.name', 't.name as tower'])
    .where('a.id', '=', proof.apartment_id)
    .executeTakeFirstOrThrow();
  const residents = (
    await db
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .select('m.user_id')
      .where('r.apartment_id', '=', proof.apartment_id)
      .where('m.condo_id', '=', proof.condo_id)
      .where('m.active', '=', 1)
      .execute()
  ).map((r) => r.user_id);
  const recipients = (residents.includes(proof.user_id) ? [proof.user_id] : [proof.user_id, ...residents]).filter(
    (id) => id !== outcome.actorUserId,
  );
  const values = {
    amount: formatMoney(Number(proof.amount_cents)),
    dwelling: dwellingName(dwelling.tower, dwelling.name),
    reason: outcome.kind === 'rechazado' ? outcome.reason : '',
  };
  const props: Record<string, number> = { proofId: proof.id };
  if (outcome.kind === 'aceptado') props.paymentId = outcome.paymentId;
  await notify(db, clock, recipients, {
    condoId: proof.condo_id,
    title: { id: `proofs.notify.${outcome.kind}.title` },
    text: { id: `proofs.notify.${outcome.kind}.text`, values },
    modulo: 'comprobante',
    props,
  });
}
