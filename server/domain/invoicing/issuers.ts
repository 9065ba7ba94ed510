// The condominium's issuers (datos-generales): one or more RFC it invoices as, each with its series, folio,
// invoice mode, CSD and stamps. Saved against the version the administrator read (409 with the issuer as it
// is now); every change writes its audit row in the same transaction. A new issuer starts with
// WELCOME_STAMPS courtesy stamps (a 'credit' movement) and makes sure the condominium has the default
// products. The CSD's password is kept sealed (shared/vault.ts), never in clear, and never in the history.
import type { Kysely, Selectable } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type CsdProblem,
  type InvoiceModeCode,
  type Issuer,
  type IssuerDraft,
  REGIMENES_FISCALES,
  type RegimenFiscal,
  rfcKind,
  WELCOME_STAMPS,
} from '../../../src/api/invoicing';
import type { Database, InvoicingIssuerTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { sealSecret } from '../shared/vault';
import { csdMatchesRfc, readCsd } from './csd/readCsd';
import { ensureDefaultProducts } from './products';
import { creditStamps, lockIssuer } from './stamps';

type IssuerRow = Omit<Selectable<InvoicingIssuerTable>, 'csd_cer' | 'csd_key' | 'csd_password_sealed'>;

const ISSUER_COLUMNS = [
  'id',
  'condo_id',
  'rfc',
  'razon_social',
  'regimen_fiscal',
  'lugar_expedicion',
  'serie',
  'next_folio',
  'mode',
  'csd_no_certificado',
  'csd_valid_from',
  'csd_valid_to',
  'stamps_available',
  'version',
  'created_at',
] as const;

export function issuerAnswer(row: IssuerRow): Issuer {
  return {
    id: row.id,
    version: row.version,
    rfc: row.rfc,
    razonSocial: row.razon_social,
    regimenFiscal: row.regimen_fiscal as RegimenFiscal,
    lugarExpedicion: row.lugar_expedicion,
    serie: row.serie,
    nextFolio: row.next_folio,
    modoInvoice: row.mode === 'A' ? 'A' : 'M',
    csd:
      row.csd_no_certificado && row.csd_valid_from && row.csd_valid_to
        ? { noCertificado: row.csd_no_certificado, validFrom: row.csd_valid_from, validTo: row.csd_valid_to }
        : null,
    stampsAvailable: row.stamps_available,
  };
}

export const issuerNotFound = () => new AppError(404, ErrorCodes.notFound, 'invoicingErrors.notFound.issuer');

export async function listIssuers(db: Kysely<Database>, condoId: number): Promise<Issuer[]> {
  const rows = await db
    .selectFrom('invoicing_issuers')
    .select(ISSUER_COLUMNS)
    .where('condo_id', '=', condoId)
    .orderBy('id')
    .execute();
  return rows.map(issuerAnswer);
}

/** The issuer of this condominium, or 404 (another condominium's ids say nothing). */
export async function issuerOf(db: Kysely<Database>, condoId: number, issuerId: number): Promise<Issuer> {
  const row = await db
    .selectFrom('invoicing_issuers')
    .select(ISSUER_COLUMNS)
    .where('id', '=', issuerId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!row) throw issuerNotFound();
  return issuerAnswer(row);
}

/** The condominium's invoice mode (spec §4): 'A' when any issuer is automatic, 'M' with issuers, null without. */
export async function condoInvoiceMode(db: Kysely<Database>, condoId: number): Promise<InvoiceModeCode | null> {
  const issuers = await listIssuers(db, condoId);
  if (issuers.length === 0) return null;
  return issuers.some((i) => i.modoInvoice === 'A') ? 'A' : 'M';
}

const staleIssuer = (issuer: Issuer) =>
  new AppError(409, ErrorCodes.conflict, 'invoicingErrors.stale.issuer', undefined, { issuer });

/** What the history keeps of an issuer (never the CSD's files nor its password). */
const issuerFacts = (
  issuer: Pick<Issuer, 'rfc' | 'razonSocial' | 'regimenFiscal' | 'lugarExpedicion' | 'serie' | 'nextFolio' | 'modoInvoice'>,
) => ({
  rfc: issuer.rfc,
  razonSocial: issuer.razonSocial,
  regimenFiscal: issuer.regimenFiscal,
  lugarExpedicion: issuer.lugarExpedicion,
  serie: issuer.serie,
  nextFolio: issuer.nextFolio,
  modoInvoice: issuer.modoInvoice,
});

/** A régimen a persona física (13-character RFC) or moral (12) may hold. */
export function regimenFits(regimen: RegimenFiscal, rfc: string): boolean {
  return (REGIMENES_FISCALES[regimen] as string).includes(rfcKind(rfc));
}

export async function saveIssuer(db: Kysely<Database>, clock: Clock, auth: Auth, draft: IssuerDraft): Promise<Issuer> {
  const facts = issuerFacts({ ...draft, razonSocial: draft.razonSocial.trim() });
  if (!regimenFits(facts.regimenFiscal, facts.rfc))
    throw new AppError(400, ErrorCodes.badRequest, 'invoicingErrors.regimenKind', 'regimenFiscal');
  const now = clock.now();
  const at = now.toISOString();
  const issuerId = await db.transaction().execute(async (trx) => {
    // A new issuer takes the condominium (two creations of one RFC queue, the second is told 409); an edit its row.
    if (draft.id === undefined) await lockCondo(trx, auth.condoId);
    else await lockIssuer(trx, draft.id);
    const before = draft.id === undefined ? null : await issuerOf(trx, auth.condoId, draft.id);
    if (before && before.version !== draft.version) throw staleIssuer(before);
    const sameRfc = await trx
      .selectFrom('invoicing_issuers')
      .select('id')
      .where('condo_id', '=', auth.condoId)
      .where('rfc', '=', facts.rfc)
      .executeTakeFirst();
    if (sameRfc && sameRfc.id !== before?.id) throw new AppError(409, ErrorCodes.conflict, 'invoicingErrors.rfcTaken', 'rfc');
    if (before?.csd && before.rfc !== facts.rfc) throw new AppError(409, ErrorCodes.conflict, 'invoicingErrors.rfcHasCsd', 'rfc');
    const values = {
      rfc: facts.rfc,
      razon_social: facts.razonSocial,
      regimen_fiscal: facts.regimenFiscal,
      lugar_expedicion: facts.lugarExpedicion,
      serie: facts.serie,
      next_folio: facts.nextFolio,
      mode: facts.modoInvoice,
    };
    const audit = { condoId: auth.condoId, actorUserId: auth.userId, entity: 'invoicing_issuer' as const, at };
    if (!before) {
      const { id } = await trx
        .insertInto('invoicing_issuers')
        .values({ condo_id: auth.condoId, ...values, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { ...audit, entityId: id, action: 'create', after: facts });
      await creditStamps(trx, {
        condoId: auth.condoId,
        issuerId: id,
        quantity: WELCOME_STAMPS,
        userId: null,
        now,
        reason: 'bienvenida',
      });
      await ensureDefaultProducts(trx, auth.condoId, auth.userId, now);
      return id;
    }
    const was = issuerFacts(before);
    if (JSON.stringify(was) !== JSON.stringify(facts)) {
      // The version in the WHERE as well as the lock: a save that raced past the read changes nothing.
      const updated = await trx
        .updateTable('invoicing_issuers')
        .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
        .where('id', '=', before.id)
        .where('version', '=', before.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw staleIssuer(await issuerOf(trx, auth.condoId, before.id));
      await recordAudit(trx, { ...audit, entityId: before.id, action: 'update', before: was, after: facts });
    }
    return before.id;
  });
  return issuerOf(db, auth.condoId, issuerId);
}

export interface CsdUpload {
  issuerId: number;
  version: number;
  password: string;
  cer: Buffer;
  key: Buffer;
}

/** A 400 naming the CSD's problem: the message in the reader's language, `problem` for the screen. */
export const csdRefused = (problem: CsdProblem | 'missing' | 'tooLarge') =>
  new AppError(
    400,
    ErrorCodes.badRequest,
    `invoicingErrors.csd.${problem}`,
    'csd',
    problem === 'missing' || problem === 'tooLarge' ? {} : { problem },
  );

/**
 * Checks the CSD (a CSD, not a FIEL; in force; its key opens with the password and matches the certificate;
 * of this issuer's RFC), then keeps the certificate, the key as uploaded and the password sealed.
 */
export async function uploadCsd(db: Kysely<Database>, clock: Clock, auth: Auth, upload: CsdUpload): Promise<Issuer> {
  const now = clock.now();
  const issuer = await issuerOf(db, auth.condoId, upload.issuerId);
  const read = readCsd({ cer: upload.cer, key: upload.key, password: upload.password }, now);
  if (!read.ok) throw csdRefused(read.problem);
  if (!csdMatchesRfc(read.csd, issuer.rfc)) throw csdRefused('rfcMismatch');
  const sealed = await sealSecret(db, clock, 'csd-vault', upload.password);
  const summary = {
    noCertificado: read.csd.noCertificado,
    validFrom: read.csd.validFrom.toISOString(),
    validTo: read.csd.validTo.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await lockIssuer(trx, issuer.id);
    const before = await issuerOf(trx, auth.condoId, issuer.id);
    if (before.version !== upload.version || before.rfc !== issuer.rfc) throw staleIssuer(before);
    await trx
      .updateTable('invoicing_issuers')
      .set((eb) => ({
        csd_cer: upload.cer,
        csd_key: upload.key,
        csd_password_sealed: sealed,
        csd_no_certificado: summary.noCertificado,
        csd_valid_from: summary.validFrom,
        csd_valid_to: summary.validTo,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', issuer.id)
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'invoicing_issuer',
      entityId: issuer.id,
      action: 'csd',
      before: { csd: before.csd },
      after: { csd: summary },
      at: now.toISOString(),
    });
  });
  return issuerOf(db, auth.condoId, issuer.id);
}
