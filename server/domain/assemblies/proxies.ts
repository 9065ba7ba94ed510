// Proxies (cartas poder) at an assembly (src/api/assemblyVotes.ts). An owner of a dwelling gives its vote to a
// resident or a named outsider with the signed document (decoded and checked by the upload guard before anything is
// written) while the assembly is called or waiting; one per dwelling and assembly (unique: a rejected or withdrawn
// one is given again in place; a standing one refuses another with 409). Those who manage the assembly accept or
// reject it; accepting counts the holder's accepted proxies under the condominium's lock, so two accepts at once
// cannot pass the condominium's proxyLimit (409 beyond it), and tells a resident holder. Every change is published
// on the assembly's live event (its screens read it again).
import type { Kysely } from 'kysely';
import type { AssemblyState } from '../../../src/api/assembliesLifecycle';
import {
  type DecideProxyRequest,
  type GiveProxyRequest,
  type ProxyBoard,
  type ProxyState,
  proxyStands,
} from '../../../src/api/assemblyVotes';
import { dwellingName } from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import { canGiveProxy } from '../../../src/api/permissions';
import { ATTACHMENT_MAX_BYTES } from '../../../src/api/uploads';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import { deleteFile, readFile, type StoredFile, saveFile } from '../../infra/files/store';
import { recordAudit } from '../shared/audit';
import { lockCondo } from '../shared/condoLock';
import { notify } from '../shared/notify';
import { decodeAttachment } from '../shared/uploads';
import { publishAssembly } from './notices';
import { dwellingsHeldBy, proxyAnswer, proxyNotFound, proxyOf, proxyRowsOf, residentsOf, sameHolder } from './proxyRows';
import { assemblyOf, type Viewing } from './rows';
import { readSettings } from './settings';

const conflict = (messageId: MessageId, values?: Record<string, string | number>) =>
  new AppError(409, ErrorCodes.conflict, values ? { id: messageId, values } : messageId);

/** The proxies the caller sees: every one for who manages the assembly, an owner's own dwellings' otherwise. */
export async function proxyBoard(db: Kysely<Database>, viewing: Viewing, assemblyId: number): Promise<ProxyBoard> {
  const { auth, manages } = viewing;
  const assembly = await assemblyOf(db, auth.condoId, assemblyId, manages);
  const owned = await dwellingsHeldBy(db, auth);
  const ownedIds = new Set(owned.map((d) => d.apartmentId));
  const rows = (await proxyRowsOf(db, assemblyId)).filter((r) => manages || ownedIds.has(r.apartment_id));
  const beforeOpening = canGiveProxy(true, assembly.state);
  const standing = new Set(rows.filter((r) => proxyStands(r.state as ProxyState)).map((r) => r.apartment_id));
  const mayGive = canGiveProxy(owned.length > 0, assembly.state) ? owned.filter((d) => !standing.has(d.apartmentId)) : [];
  return {
    manages,
    proxyLimit: (await readSettings(db, auth.condoId)).proxyLimit,
    mayGive,
    // The residents' names only to who is about to name one.
    holders: mayGive.length > 0 ? (await residentsOf(db, auth.condoId)).filter((r) => r.userId !== auth.userId) : [],
    proxies: rows.map((r) => proxyAnswer(r, beforeOpening && ownedIds.has(r.apartment_id) && proxyStands(r.state as ProxyState))),
  };
}

/** An owner gives the dwelling's proxy: 403 unless an owner of it, 409 unless called or waiting or when one stands. */
export async function giveProxy(
  db: Kysely<Database>,
  clock: Clock,
  viewing: Viewing,
  assemblyId: number,
  request: GiveProxyRequest,
): Promise<ProxyBoard> {
  const { auth } = viewing;
  const file = decodeAttachment(request.file.dataUrl, 0, { maxBytes: ATTACHMENT_MAX_BYTES, field: 'file' });
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const assembly = await assemblyOf(trx, auth.condoId, assemblyId, viewing.manages);
    const owned = await dwellingsHeldBy(trx, auth);
    if (!owned.some((d) => d.apartmentId === request.apartmentId)) throw forbidden();
    if (!canGiveProxy(true, assembly.state)) throw conflict('assemblyVotes.refusal.proxyClosed');
    let holderName = request.holderName.trim();
    if (request.holderUserId !== null) {
      const holder = (await residentsOf(trx, auth.condoId)).find((r) => r.userId === request.holderUserId);
      if (!holder || holder.userId === auth.userId) {
        throw new AppError(400, ErrorCodes.badRequest, 'assemblyVotes.refusal.badHolder', 'holderUserId');
      }
      holderName = holder.name;
    } else if (holderName === '') {
      throw new AppError(400, ErrorCodes.badRequest, 'assemblyVotes.refusal.badHolder', 'holderName');
    }
    const at = clock.now().toISOString();
    const before = await trx
      .selectFrom('assembly_proxies')
      .select(['id', 'state', 'file_id'])
      .where('assembly_id', '=', assemblyId)
      .where('apartment_id', '=', request.apartmentId)
      .executeTakeFirst();
    if (before && proxyStands(before.state as ProxyState)) throw conflict('assemblyVotes.refusal.proxyStands');
    const fileId = await saveFile(trx, {
      ownerUserId: auth.userId,
      contentType: file.contentType,
      data: file.data,
      createdAt: at,
    });
    const values = {
      grantor_id: auth.userId,
      holder_user_id: request.holderUserId,
      holder_name: holderName,
      file_id: fileId,
      state: 'pending',
      reason: null,
      decided_by: null,
      decided_at: null,
      updated_at: at,
    };
    if (before) {
      await trx.updateTable('assembly_proxies').set(values).where('id', '=', before.id).execute();
      if (before.file_id !== null) await deleteFile(trx, before.file_id);
    } else {
      await trx
        .insertInto('assembly_proxies')
        .values({ assembly_id: assemblyId, apartment_id: request.apartmentId, created_at: at, ...values })
        .execute();
    }
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'assembly',
      entityId: assemblyId,
      action: 'create',
      after: { apartmentId: request.apartmentId, name: holderName, state: 'pending' },
      at,
    });
    await publishAssembly(trx, clock, auth.condoId, assemblyId);
  });
  return proxyBoard(db, viewing, assemblyId);
}

/** An owner of the dwelling withdraws its proxy, pending or accepted, before the assembly opens. */
export async function withdrawProxy(
  db: Kysely<Database>,
  clock: Clock,
  viewing: Viewing,
  assemblyId: number,
  proxyId: number,
): Promise<ProxyBoard> {
  const { auth } = viewing;
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const assembly = await assemblyOf(trx, auth.condoId, assemblyId, viewing.manages);
    const proxy = await proxyOf(trx, assemblyId, proxyId);
    const owned = await dwellingsHeldBy(trx, auth);
    if (!owned.some((d) => d.apartmentId === proxy.apartment_id)) throw viewing.manages ? forbidden() : proxyNotFound();
    if (!canGiveProxy(true, assembly.state) || !proxyStands(proxy.state as ProxyState)) {
      throw conflict('assemblyVotes.refusal.proxyNotWithdrawable');
    }
    const at = clock.now().toISOString();
    await trx.updateTable('assembly_proxies').set({ state: 'withdrawn', updated_at: at }).where('id', '=', proxyId).execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'assembly',
      entityId: assemblyId,
      action: 'retirar',
      before: { state: proxy.state },
      after: { apartmentId: proxy.apartment_id, state: 'withdrawn' },
      at,
    });
    await publishAssembly(trx, clock, auth.condoId, assemblyId);
  });
  return proxyBoard(db, viewing, assemblyId);
}

/** Who manages the assembly accepts (within the proxy limit per holder) or rejects a pending proxy. */
export async function decideProxy(
  db: Kysely<Database>,
  clock: Clock,
  viewing: Viewing,
  assemblyId: number,
  proxyId: number,
  request: DecideProxyRequest,
): Promise<ProxyBoard> {
  const { auth } = viewing;
  await db.transaction().execute(async (trx) => {
    // The lock first: two accepts for one holder at once count one after the other.
    await lockCondo(trx, auth.condoId);
    const assembly = await assemblyOf(trx, auth.condoId, assemblyId);
    const proxy = await proxyOf(trx, assemblyId, proxyId);
    const state = assembly.state as AssemblyState;
    if (proxy.state !== 'pending' || !['called', 'waiting', 'open'].includes(state)) {
      throw conflict('assemblyVotes.refusal.proxyNotPending');
    }
    if (request.accept) {
      const limit = (await readSettings(trx, auth.condoId)).proxyLimit;
      const accepted = await trx
        .selectFrom('assembly_proxies')
        .select(['holder_user_id', 'holder_name'])
        .where('assembly_id', '=', assemblyId)
        .where('state', '=', 'accepted')
        .execute();
      const carried = accepted.filter((other) => sameHolder(other, proxy)).length;
      if (carried >= limit) throw conflict('assemblyVotes.refusal.proxyLimit', { limit, name: proxy.holder_name });
    } else if (request.reason.trim() === '') {
      throw new AppError(400, ErrorCodes.badRequest, 'assemblyVotes.refusal.reasonNeeded', 'reason');
    }
    const at = clock.now().toISOString();
    const to = request.accept ? 'accepted' : 'rejected';
    const done = await trx
      .updateTable('assembly_proxies')
      .set({
        state: to,
        reason: request.accept ? null : request.reason.trim(),
        decided_by: auth.userId,
        decided_at: at,
        updated_at: at,
      })
      .where('id', '=', proxyId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw conflict('assemblyVotes.refusal.proxyNotPending');
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'assembly',
      entityId: assemblyId,
      action: request.accept ? 'accept' : 'reject',
      before: { state: 'pending' },
      after: { apartmentId: proxy.apartment_id, state: to, ...(request.accept ? {} : { reason: request.reason.trim() }) },
      at,
    });
    if (request.accept && proxy.holder_user_id !== null) {
      const dwelling = await trx
        .selectFrom('apartments as a')
        .leftJoin('towers as t', 't.id', 'a.tower_id')
        .select(['a.name', 't.name as tower'])
        .where('a.id', '=', proxy.apartment_id)
        .executeTakeFirstOrThrow();
      await notify(trx, clock, [proxy.holder_user_id], {
        condoId: auth.condoId,
        modulo: 'asamblea',
        props: { assemblyId },
        title: { id: 'assemblyVotes.notice.acceptedTitle' },
        text: {
          id: 'assemblyVotes.notice.acceptedText',
          values: { dwelling: dwellingName(dwelling.tower, dwelling.name), title: assembly.title },
        },
      });
    }
    await publishAssembly(trx, clock, auth.condoId, assemblyId);
  });
  return proxyBoard(db, viewing, assemblyId);
}

/** The signed document: who manages the assembly, or an owner of the dwelling. */
export async function proxyDocument(
  db: Kysely<Database>,
  viewing: Viewing,
  assemblyId: number,
  proxyId: number,
): Promise<StoredFile> {
  const { auth, manages } = viewing;
  await assemblyOf(db, auth.condoId, assemblyId, manages);
  const proxy = await proxyOf(db, assemblyId, proxyId);
  if (!manages && !(await dwellingsHeldBy(db, auth)).some((d) => d.apartmentId === proxy.apartment_id)) {
    throw proxyNotFound();
  }
  const file = proxy.file_id === null ? null : await readFile(db, proxy.file_id);
  if (!file) throw proxyNotFound();
  return file;
}
