// solicitar-timbres: an administrator asks for a stamp package for one of the condominium's RFC. The request
// is stored (with its audit row, in one transaction) and then e-mailed to the stamps provider
// (config INVOICING_STAMPS_EMAIL) through the mailer: SMTP, or the mail outbox when SMTP is missing or
// refuses. Crediting the package is the provider's act (creditStamps), not the request's.
import type { Kysely } from 'kysely';
import type { StampRequestDraft, StampRequestSummary } from '../../../src/api/invoicing';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Mailer, OutgoingMail } from '../../infra/mail/mailer';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { factsTable, mailPage, mailSubject, paragraph } from '../shared/mailHtml';
import { issuerOf } from './issuers';
import { creditStamps } from './stamps';

export interface StampRequestOutcome {
  request: StampRequestSummary;
  mail: StampRequestMailFacts;
}

export interface StampRequestMailFacts {
  /** The request's number: what the provider names when crediting it (`npm run stamps -- credit <número>`). */
  requestId: number;
  condoName: string;
  rfc: string;
  razonSocial: string;
  quantity: number;
  note: string;
  stampsAvailable: number;
  requestedBy: string;
  requesterEmail: string;
  at: string;
}

export async function requestStamps(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  draft: StampRequestDraft,
): Promise<StampRequestOutcome> {
  const at = clock.now().toISOString();
  const note = (draft.note ?? '').trim();
  return db.transaction().execute(async (trx) => {
    const issuer = await issuerOf(trx, auth.condoId, draft.issuerId);
    const who = await trx
      .selectFrom('users as u')
      .innerJoin('condominiums as c', (join) => join.on('c.id', '=', auth.condoId))
      .select(['u.name', 'u.email', 'c.name as condo_name'])
      .where('u.id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('stamp_requests')
      .values({
        condo_id: auth.condoId,
        issuer_id: issuer.id,
        quantity: draft.quantity,
        note,
        requested_by: auth.userId,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'stamp_request',
      entityId: id,
      action: 'create',
      after: { rfc: issuer.rfc, cantidad: draft.quantity, nota: note },
      at,
    });
    return {
      request: { id, rfc: issuer.rfc, quantity: draft.quantity, at, requestedBy: who.name, creditedAt: null },
      mail: {
        requestId: id,
        condoName: who.condo_name,
        rfc: issuer.rfc,
        razonSocial: issuer.razonSocial,
        quantity: draft.quantity,
        note,
        stampsAvailable: issuer.stampsAvailable,
        requestedBy: who.name,
        requesterEmail: who.email,
        at,
      },
    };
  });
}

/** Why a request cannot be credited. */
export class StampCreditRefusal extends Error {
  constructor(readonly reason: 'notFound' | 'alreadyCredited') {
    super(reason === 'notFound' ? 'no such stamp request' : 'that stamp request was already credited');
  }
}

export interface StampCreditOutcome {
  requestId: number;
  condoId: number;
  rfc: string;
  quantity: number;
  /** The issuer's stamps after the credit. */
  available: number;
}

/**
 * The provider credits a requested package, once: the credit movement, the issuer's balance and the history
 * row (creditStamps), and the request marked with when and which movement, in one transaction. A second
 * credit of the same request (even a racing one: the conditional update below) is refused and writes nothing.
 */
export async function creditStampRequest(db: Kysely<Database>, clock: Clock, requestId: number): Promise<StampCreditOutcome> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('stamp_requests as r')
      .innerJoin('invoicing_issuers as i', 'i.id', 'r.issuer_id')
      .select(['r.id', 'r.condo_id', 'r.issuer_id', 'r.quantity', 'r.credited_at', 'i.rfc'])
      .where('r.id', '=', requestId)
      .executeTakeFirst();
    if (!request) throw new StampCreditRefusal('notFound');
    if (request.credited_at !== null) throw new StampCreditRefusal('alreadyCredited');
    // Claim the request first: of two racing credits, only one updates the still-pending row.
    const claimed = await trx
      .updateTable('stamp_requests')
      .set({ credited_at: now.toISOString() })
      .where('id', '=', request.id)
      .where('credited_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new StampCreditRefusal('alreadyCredited');
    const { available, movementId } = await creditStamps(trx, {
      condoId: request.condo_id,
      issuerId: request.issuer_id,
      quantity: request.quantity,
      userId: null,
      now,
      reason: `paquete (solicitud ${request.id})`,
    });
    await trx.updateTable('stamp_requests').set({ credit_movement_id: movementId }).where('id', '=', request.id).execute();
    return { requestId: request.id, condoId: request.condo_id, rfc: request.rfc, quantity: request.quantity, available };
  });
}

/** The provider's e-mail, in Spanish (the product's language; the provider is Mexican). */
export function stampRequestMail(to: string, facts: StampRequestMailFacts): OutgoingMail {
  const subject = mailSubject(`Solicitud de ${facts.quantity} timbres - ${facts.rfc} (${facts.condoName})`);
  const rows: [string, string][] = [
    ['Número de solicitud', String(facts.requestId)],
    ['Condominio', facts.condoName],
    ['RFC', facts.rfc],
    ['Razón social', facts.razonSocial],
    ['Timbres solicitados', String(facts.quantity)],
    ['Timbres disponibles', String(facts.stampsAvailable)],
    ['Solicitado por', facts.requestedBy],
    ['Correo electrónico', facts.requesterEmail],
    ['Fecha', facts.at],
    ...(facts.note ? ([['Nota', facts.note]] as [string, string][]) : []),
  ];
  const intro = `${facts.condoName} solicita un paquete de ${facts.quantity} timbres para el RFC ${facts.rfc}.`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), ''].join('\n');
  const html = mailPage('es', [paragraph(intro), factsTable(rows)]);
  return { to, subject, text, html };
}

export async function mailStampRequest(mailer: Mailer, to: string, outcome: StampRequestOutcome): Promise<void> {
  await mailer.send(stampRequestMail(to, outcome.mail));
}
