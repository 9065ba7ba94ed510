// "Reenviar a quienes no lo han leído" (issue 30): the members a published notice is for who have not opened it are
// told again, by notification (worded when read, opening the notice) and by e-mail (the outbox, in each one's
// language, sent only if the transaction commits); the history keeps who resent it and how many were told. Guarded
// against double sends: the condominium is taken for the transaction (lockCondo), and a resend within
// NOTICE_RESEND_COOLDOWN_MS of the last one is refused (409) with the minutes left; nobody left to tell sends
// nothing and keeps nothing.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { type ResendAnswer, resendWaitMinutes } from '../../../src/api/noticeReads';
import { canResendNotice } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { queueMail } from '../../infra/mail/outbox';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { notify } from '../shared/notify';
import { recipientLanguages } from '../shared/recipientLanguages';
import { noticeLink, unreadNoticeMail } from './noticeMail';
import { noticeAudience, readableNotice } from './noticeReach';
import { PUBLISHED } from './rows';

export async function resendNotice(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  postId: number,
  baseUrl: string | null,
): Promise<ResendAnswer> {
  return db.transaction().execute(async (trx) => {
    const { post, section } = await readableNotice(trx, auth, postId, canResendNotice);
    if (post.status !== PUBLISHED) throw new AppError(409, ErrorCodes.conflict, 'errors.noticeReads.notPublished');
    await lockCondo(trx, auth.condoId);
    const last = await trx
      .selectFrom('notice_resends')
      .select('sent_at')
      .where('post_id', '=', post.id)
      .orderBy('sent_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const minutes = resendWaitMinutes(last?.sent_at ?? null, clock.now());
    if (minutes > 0) {
      throw new AppError(409, ErrorCodes.conflict, { id: 'errors.noticeReads.resentRecently', values: { minutes } });
    }

    const read = new Set(
      (await trx.selectFrom('notice_reads').select('user_id').where('post_id', '=', post.id).execute()).map((r) => r.user_id),
    );
    const pending = (await noticeAudience(trx, section, post)).filter((id) => !read.has(id));
    if (pending.length === 0) return { success: true, notified: 0, mailed: 0, sentAt: null };

    const sentAt = clock.now().toISOString();
    await notify(trx, clock, pending, {
      condoId: auth.condoId,
      title: { id: 'postsNotices.notify.unread.title', values: { section: section.name } },
      text: { id: 'postsNotices.notify.unread.text', values: { title: post.title } },
      modulo: 'publicacion',
      props: { postID: post.id },
    });
    const condo = await trx.selectFrom('condominiums').select('name').where('id', '=', auth.condoId).executeTakeFirstOrThrow();
    const languages = await recipientLanguages(trx, pending, { condoId: auth.condoId });
    const link = noticeLink(baseUrl, post.id);
    let mailed = 0;
    // In chunks: both databases cap the parameters of one statement.
    for (let i = 0; i < pending.length; i += 500) {
      const people = await trx
        .selectFrom('users')
        .select(['id', 'email'])
        .where('id', 'in', pending.slice(i, i + 500))
        .orderBy('id')
        .execute();
      for (const person of people) {
        if (!person.email) continue;
        const mail = unreadNoticeMail({
          to: person.email,
          language: languages.get(person.id) ?? 'es',
          condo: condo.name,
          section: section.name,
          title: post.title,
          link,
        });
        await queueMail(trx, clock, mail);
        mailed += 1;
      }
    }
    await trx
      .insertInto('notice_resends')
      .values({
        condo_id: auth.condoId,
        post_id: post.id,
        sent_by: auth.userId,
        sent_at: sentAt,
        notified: pending.length,
        mailed,
      })
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'notice',
      entityId: post.id,
      action: 'reenviar',
      after: { title: post.title, notified: pending.length, mailed },
      at: sentAt,
    });
    return { success: true, notified: pending.length, mailed, sentAt };
  });
}
