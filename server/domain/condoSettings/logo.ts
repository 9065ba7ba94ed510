// The condominium's logo: a checked PNG, JPEG or WebP in the file store, named "<file id>.<type>" in
// condominiums.logo_file_name (the session's condoLogo.FileName and the public page's LogoFileName). Public:
// the public page shows it before anyone signs in, and the name changes with every new logo.
import type { Kysely } from 'kysely';
import { LOGO_FILE_NAME, LOGO_MAX_BYTES } from '../../../src/api/condoSettings';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { decodeImageDataUrl } from '../../infra/files/images';
import { deleteFile, readFile, type StoredFile, saveFile } from '../../infra/files/store';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { readSettings } from './settings';

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

const fileIdOf = (name: string | null) => {
  const match = name ? LOGO_FILE_NAME.exec(name) : null;
  return match ? Number(match[1]) : null;
};

async function replaceLogo(db: Kysely<Database>, clock: Clock, auth: Auth, next: { fileId: number; name: string } | null) {
  const row = await db
    .selectFrom('condominiums')
    .select('logo_file_name')
    .where('id', '=', auth.condoId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('condominiums')
    .set({ logo_file_name: next?.name ?? null })
    .where('id', '=', auth.condoId)
    .execute();
  const previous = fileIdOf(row.logo_file_name);
  if (previous !== null) await deleteFile(db, previous);
  if (row.logo_file_name !== (next?.name ?? null)) {
    await recordAudit(db, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'condo_settings',
      entityId: auth.condoId,
      // An update of the settings like any other (historial's words); before and after say what happened.
      action: 'update',
      before: { logoFileName: row.logo_file_name },
      after: { logoFileName: next?.name ?? null },
      at: clock.now(),
    });
  }
}

export async function setLogo(db: Kysely<Database>, clock: Clock, auth: Auth, dataUrl: string) {
  const image = decodeImageDataUrl(dataUrl, LOGO_MAX_BYTES);
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const fileId = await saveFile(trx, {
      ownerUserId: auth.userId,
      contentType: image.contentType,
      data: image.data,
      createdAt: clock.now().toISOString(),
    });
    await replaceLogo(trx, clock, auth, { fileId, name: `${fileId}.${EXTENSIONS[image.contentType]}` });
  });
  return readSettings(db, auth);
}

export async function removeLogo(db: Kysely<Database>, clock: Clock, auth: Auth) {
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    await replaceLogo(trx, clock, auth, null);
  });
  return readSettings(db, auth);
}

/** The bytes of a condominium's current logo; 404 for any other name. */
export async function logoFile(db: Kysely<Database>, condoId: number, fileName: string): Promise<StoredFile> {
  const row = await db.selectFrom('condominiums').select('logo_file_name').where('id', '=', condoId).executeTakeFirst();
  const fileId = row?.logo_file_name === fileName ? fileIdOf(fileName) : null;
  const file = fileId === null ? null : await readFile(db, fileId);
  if (!file) throw notFound();
  return file;
}
