// The mail_outbox table: mail the SMTP server did not take (no SMTP_URL, or it refused), kept with its
// attachments until the re-sender delivers it (the row goes) or gives up (the row stays, for administrators).
// Several server processes may share the table: a row is sent only by the process holding its lease,
// taken by one conditional UPDATE, which is atomic on SQLite and on PostgreSQL alike.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../clock';
import { saveFile } from '../files/store';
import type { OutgoingMail } from './mailer';

/** The wait after the first failed attempt; each further failure doubles it, up to RETRY_MAX_DELAY_MS. */
export const RETRY_FIRST_DELAY_MS = 60_000;
export const RETRY_MAX_DELAY_MS = 2 * 60 * 60_000;
/** Twenty attempts span about a day (1 + 2 + … + 64 minutes, then every two hours); then it gives up. */
export const RETRY_MAX_ATTEMPTS = 20;
/**
 * How long a claim lasts. Far longer than one SMTP conversation can take (10 s to connect, 10 s for the
 * greeting, 30 s of silence at most), so a row is sent twice only if its process stalls for minutes
 * between sending and recording it; a process that dies mid-send frees its rows when the lease ends.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_DELAY_MS);
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/**
 * Writes a mail without attachments to the outbox inside the caller's transaction, due at once: mail decided by a
 * scheduled job (the payment reminders) leaves only if the job's transaction commits, and the re-sender delivers
 * it (with SMTP_URL; until then it waits, as every outbox row does).
 */
export async function queueMail(db: Kysely<Database>, clock: Clock, mail: Omit<OutgoingMail, 'attachments'>): Promise<void> {
  const now = clock.now().toISOString();
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      created_at: now,
      sent_at: null,
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      valid_until: mail.validUntil?.toISOString() ?? null,
    })
    .execute();
}

/**
 * Keeps a mail in the outbox with its attachments. `failure` is the SMTP server's answer to the attempt just
 * made (the first retry waits RETRY_FIRST_DELAY_MS), or null when there is no SMTP to try: such a row is due
 * at once, and is sent as soon as a process runs with SMTP_URL.
 */
export async function storeInOutbox(
  db: Kysely<Database>,
  clock: Clock,
  mail: OutgoingMail,
  failure: string | null,
): Promise<'stored'> {
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('mail_outbox')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        created_at: now.toISOString(),
        sent_at: null,
        attempts: failure === null ? 0 : 1,
        next_attempt_at: failure === null ? now.toISOString() : later(now, retryDelayMs(1)),
        last_error: failure,
        valid_until: mail.validUntil?.toISOString() ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, attachment] of (mail.attachments ?? []).entries()) {
      const fileId = await saveFile(trx, {
        ownerUserId: null,
        contentType: attachment.contentType,
        data: attachment.content,
        createdAt: now.toISOString(),
      });
      await trx
        .insertInto('mail_outbox_attachments')
        .values({ mail_id: id, file_id: fileId, file_name: attachment.filename, position })
        .execute();
    }
  });
  return 'stored';
}

/** Ids of rows due for an attempt and not claimed by a live lease, oldest due first. */
export async function dueMailIds(db: Kysely<Database>, now: Date, limit: number): Promise<number[]> {
  const iso = now.toISOString();
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', iso)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', iso)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export interface ClaimedMail {
  mail: OutgoingMail;
  attempts: number;
}

/**
 * Takes the row for `owner` if it is still due and nobody else's lease holds it; null when another process
 * was first. The check and the write are one UPDATE: on PostgreSQL a racing UPDATE waits for the first to
 * commit and then sees the new lease; SQLite runs one writer at a time.
 */
export async function claimMail(db: Kysely<Database>, id: number, owner: string, now: Date): Promise<ClaimedMail | null> {
  const iso = now.toISOString();
  const result = await db
    .updateTable('mail_outbox')
    .set({ claimed_by: owner, claimed_until: later(now, CLAIM_LEASE_MS) })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', iso)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', iso)]))
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return null;
  const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const attachments = await db
    .selectFrom('mail_outbox_attachments as a')
    .innerJoin('files as f', 'f.id', 'a.file_id')
    .select(['a.file_name', 'f.content_type', 'f.data'])
    .where('a.mail_id', '=', id)
    .orderBy('a.position')
    .execute();
  return {
    attempts: row.attempts,
    mail: {
      to: row.to_address,
      subject: row.subject,
      text: row.text,
      html: row.html,
      ...(attachments.length
        ? {
            attachments: attachments.map((a) => ({
              filename: a.file_name,
              contentType: a.content_type,
              content: Buffer.from(a.data),
            })),
          }
        : {}),
      ...(row.valid_until ? { validUntil: new Date(row.valid_until) } : {}),
    },
  };
}

/**
 * Delivered: the row and its files go, as mail delivered at the first attempt is never stored (a reset
 * link kept in the table would be a working credential).
 */
export async function forgetDelivered(db: Kysely<Database>, id: number, owner: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const files = await trx.selectFrom('mail_outbox_attachments').select('file_id').where('mail_id', '=', id).execute();
    const gone = await trx.deleteFrom('mail_outbox').where('id', '=', id).where('claimed_by', '=', owner).executeTakeFirst();
    if (gone.numDeletedRows === 1n && files.length > 0) {
      await trx
        .deleteFrom('files')
        .where(
          'id',
          'in',
          files.map((f) => f.file_id),
        )
        .execute();
    }
  });
}

/**
 * Refused again: the next attempt after the backoff, or none once RETRY_MAX_ATTEMPTS is reached or the
 * mail is no longer worth sending by then. Answers whether it will be tried again.
 */
export async function recordFailure(
  db: Kysely<Database>,
  id: number,
  owner: string,
  now: Date,
  claimed: ClaimedMail,
  failure: string,
): Promise<boolean> {
  const attempts = claimed.attempts + 1;
  const next = later(now, retryDelayMs(attempts));
  const validUntil = claimed.mail.validUntil?.toISOString();
  const retry = attempts < RETRY_MAX_ATTEMPTS && (validUntil === undefined || next < validUntil);
  await db
    .updateTable('mail_outbox')
    .set({ attempts, last_error: failure, next_attempt_at: retry ? next : null, claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .execute();
  return retry;
}

/** Not sent because it is no longer worth sending: kept, with the reason, and never tried again. */
export async function giveUpExpired(db: Kysely<Database>, id: number, owner: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ last_error: 'Not sent: expired before SMTP took it', next_attempt_at: null, claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .execute();
}
