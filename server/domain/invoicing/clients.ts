// The receivers (catalago-clientes): RFC, name as the SAT has it, régimen, domicilio fiscal, UsoCFDI, e-mail,
// and the dwellings whose payments invoice them (one client per dwelling: its owner). Saved against the
// version read (409 with the client now); every change writes its audit row in the same transaction.
// Another condominium's clients and dwellings are 404.
import type { Kysely, Selectable } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  CLIENTS_PAGE_SIZE,
  type Client,
  type ClientDraft,
  type ClientList,
  type ClientListQuery,
  PUBLICO_EN_GENERAL,
  type RegimenFiscal,
  type UsoCfdi,
} from '../../../src/api/invoicing';
import { anyContains, foldForSearch } from '../../../src/api/search';
import type { Database, InvoicingClientTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { regimenFits } from './issuers';

const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });
const clientNotFound = () => new AppError(404, ErrorCodes.notFound, 'invoicingErrors.notFound.client');
const staleClient = (client: Client) =>
  new AppError(409, ErrorCodes.conflict, 'invoicingErrors.stale.client', undefined, { client });

/** "Torre A - 101", or the house's name. */
const dwellingName = (row: { name: string; tower: string | null }) => (row.tower ? `${row.tower} - ${row.name}` : row.name);

async function dwellingsOf(db: Kysely<Database>, clientIds: number[]): Promise<Map<number, Client['dwellings']>> {
  const rows = await db
    .selectFrom('invoicing_client_dwellings as cd')
    .innerJoin('apartments as a', 'a.id', 'cd.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['cd.client_id', 'a.id', 'a.name', 't.name as tower'])
    .where('cd.client_id', 'in', clientIds.concat(-1))
    .execute();
  const out = new Map<number, Client['dwellings']>();
  for (const row of rows) {
    const list = out.get(row.client_id) ?? [];
    list.push({ apartmentId: row.id, name: dwellingName(row) });
    out.set(row.client_id, list);
  }
  for (const list of out.values()) list.sort((a, b) => collator.compare(a.name, b.name));
  return out;
}

function clientAnswer(row: Selectable<InvoicingClientTable>, dwellings: Client['dwellings']): Client {
  return {
    id: row.id,
    version: row.version,
    rfc: row.rfc,
    nombre: row.nombre,
    regimenFiscal: row.regimen_fiscal as RegimenFiscal,
    domicilioFiscal: row.domicilio_fiscal,
    usoCfdi: row.uso_cfdi as UsoCfdi,
    email: row.email,
    apartmentIds: dwellings.map((d) => d.apartmentId),
    dwellings,
  };
}

export async function clientOf(db: Kysely<Database>, condoId: number, clientId: number): Promise<Client> {
  const row = await db
    .selectFrom('invoicing_clients')
    .selectAll()
    .where('id', '=', clientId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!row) throw clientNotFound();
  return clientAnswer(row, (await dwellingsOf(db, [row.id])).get(row.id) ?? []);
}

/** The client a dwelling's payments invoice (its owner), or null. */
export async function clientOfDwelling(db: Kysely<Database>, condoId: number, apartmentId: number): Promise<Client | null> {
  const link = await db
    .selectFrom('invoicing_client_dwellings as cd')
    .innerJoin('invoicing_clients as c', 'c.id', 'cd.client_id')
    .select('c.id')
    .where('cd.apartment_id', '=', apartmentId)
    .where('c.condo_id', '=', condoId)
    .executeTakeFirst();
  return link ? clientOf(db, condoId, link.id) : null;
}

export async function listClients(db: Kysely<Database>, auth: Auth, query: ClientListQuery): Promise<ClientList> {
  const rows = await db.selectFrom('invoicing_clients').selectAll().where('condo_id', '=', auth.condoId).execute();
  const matching = rows
    .filter((row) => anyContains([row.nombre, row.rfc, row.email ?? ''], query.q ?? ''))
    .sort((a, b) => collator.compare(a.nombre, b.nombre) || a.id - b.id);
  const offset = query.offset ?? 0;
  const page = matching.slice(offset, offset + (query.limit ?? CLIENTS_PAGE_SIZE));
  const dwellings = await dwellingsOf(
    db,
    page.map((row) => row.id),
  );
  return { clients: page.map((row) => clientAnswer(row, dwellings.get(row.id) ?? [])), total: matching.length };
}

type ClientFacts = Omit<ClientDraft, 'id' | 'version' | 'email'> & { email: string | null };

function refuseProblems(facts: ClientFacts): void {
  if (
    facts.rfc === PUBLICO_EN_GENERAL.rfc &&
    (facts.regimenFiscal !== PUBLICO_EN_GENERAL.regimenFiscal || facts.usoCfdi !== PUBLICO_EN_GENERAL.usoCfdi)
  )
    throw new AppError(400, ErrorCodes.badRequest, 'invoicingErrors.publicoEnGeneral', 'regimenFiscal');
  if (!regimenFits(facts.regimenFiscal, facts.rfc))
    throw new AppError(400, ErrorCodes.badRequest, 'invoicingErrors.regimenKind', 'regimenFiscal');
}

/** The dwellings exist in this condominium (404 otherwise) and invoice no other client (409). */
async function checkDwellings(trx: Kysely<Database>, auth: Auth, clientId: number | null, apartmentIds: number[]): Promise<void> {
  if (apartmentIds.length === 0) return;
  const found = await trx
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .leftJoin('invoicing_client_dwellings as cd', 'cd.apartment_id', 'a.id')
    .leftJoin('invoicing_clients as c', 'c.id', 'cd.client_id')
    .select(['a.id', 'a.name', 't.name as tower', 'c.id as client_id', 'c.nombre as client_name'])
    .where('a.id', 'in', apartmentIds)
    .where('a.condo_id', '=', auth.condoId)
    .execute();
  if (found.length !== apartmentIds.length)
    throw new AppError(404, ErrorCodes.notFound, 'invoicingErrors.notFound.dwelling', 'apartmentIds');
  const taken = found.find((row) => row.client_id !== null && row.client_id !== clientId);
  if (taken)
    throw new AppError(
      409,
      ErrorCodes.conflict,
      { id: 'invoicingErrors.dwellingTaken', values: { name: dwellingName(taken), client: taken.client_name ?? '' } },
      'apartmentIds',
    );
}

export async function saveClient(db: Kysely<Database>, clock: Clock, auth: Auth, draft: ClientDraft): Promise<Client> {
  const facts: ClientFacts = {
    rfc: draft.rfc,
    nombre: draft.nombre.trim(),
    regimenFiscal: draft.regimenFiscal,
    domicilioFiscal: draft.domicilioFiscal,
    usoCfdi: draft.usoCfdi,
    email: draft.email?.trim() || null,
    apartmentIds: [...new Set(draft.apartmentIds)].sort((a, b) => a - b),
  };
  refuseProblems(facts);
  const at = clock.now().toISOString();
  const values = {
    rfc: facts.rfc,
    nombre: facts.nombre,
    nombre_key: foldForSearch(facts.nombre),
    regimen_fiscal: facts.regimenFiscal,
    domicilio_fiscal: facts.domicilioFiscal,
    uso_cfdi: facts.usoCfdi,
    email: facts.email,
  };
  const clientId = await db.transaction().execute(async (trx) => {
    const before = draft.id === undefined ? null : await clientOf(trx, auth.condoId, draft.id);
    if (before && before.version !== draft.version) throw staleClient(before);
    await checkDwellings(trx, auth, before?.id ?? null, facts.apartmentIds);
    const audit = { condoId: auth.condoId, actorUserId: auth.userId, entity: 'invoicing_client' as const, at };
    let id: number;
    if (!before) {
      id = (
        await trx
          .insertInto('invoicing_clients')
          .values({ condo_id: auth.condoId, ...values, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await recordAudit(trx, { ...audit, entityId: id, action: 'create', after: facts });
    } else {
      id = before.id;
      const was: ClientFacts = {
        rfc: before.rfc,
        nombre: before.nombre,
        regimenFiscal: before.regimenFiscal,
        domicilioFiscal: before.domicilioFiscal,
        usoCfdi: before.usoCfdi,
        email: before.email,
        apartmentIds: [...before.apartmentIds].sort((a, b) => a - b),
      };
      if (JSON.stringify(was) === JSON.stringify(facts)) return id;
      const updated = await trx
        .updateTable('invoicing_clients')
        .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', before.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw staleClient(await clientOf(trx, auth.condoId, id));
      await recordAudit(trx, { ...audit, entityId: id, action: 'update', before: was, after: facts });
      await trx.deleteFrom('invoicing_client_dwellings').where('client_id', '=', id).execute();
    }
    if (facts.apartmentIds.length)
      await trx
        .insertInto('invoicing_client_dwellings')
        .values(facts.apartmentIds.map((apartmentId) => ({ client_id: id, apartment_id: apartmentId })))
        .execute();
    return id;
  });
  return clientOf(db, auth.condoId, clientId);
}

/**
 * The condominium's público en general receiver (XAXX010101000, 616, S01) for a global invoice: found, or
 * written (with its audit row) inside the caller's transaction.
 */
export async function publicoEnGeneralClient(
  trx: Kysely<Database>,
  condoId: number,
  actorUserId: number | null,
  now: Date,
): Promise<number> {
  const found = await trx
    .selectFrom('invoicing_clients')
    .select('id')
    .where('condo_id', '=', condoId)
    .where('rfc', '=', PUBLICO_EN_GENERAL.rfc)
    .where('nombre', '=', PUBLICO_EN_GENERAL.nombre)
    .orderBy('id')
    .executeTakeFirst();
  if (found) return found.id;
  const lugar = await trx
    .selectFrom('invoicing_issuers')
    .select('lugar_expedicion')
    .where('condo_id', '=', condoId)
    .orderBy('id')
    .executeTakeFirst();
  const values = {
    rfc: PUBLICO_EN_GENERAL.rfc,
    nombre: PUBLICO_EN_GENERAL.nombre,
    nombre_key: foldForSearch(PUBLICO_EN_GENERAL.nombre),
    regimen_fiscal: PUBLICO_EN_GENERAL.regimenFiscal,
    // Anexo 20: the receiver's domicilio fiscal of público en general is the issuer's lugar de expedición.
    domicilio_fiscal: lugar?.lugar_expedicion ?? '00000',
    uso_cfdi: PUBLICO_EN_GENERAL.usoCfdi,
    email: null,
  };
  const { id } = await trx
    .insertInto('invoicing_clients')
    .values({ condo_id: condoId, ...values, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    condoId,
    actorUserId,
    entity: 'invoicing_client',
    entityId: id,
    action: 'create',
    after: values,
    at: now,
  });
  return id;
}
