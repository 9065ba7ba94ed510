// Casting (or, where the poll allows it, changing) the vote of one seat (POST vote). The answers are checked
// against the questions first; the electorate is fixed if nobody did yet; then, in one transaction that holds
// the poll as read (a shared row lock on PostgreSQL, so a close or a cancel waits for it), voteRefusal() decides
// with the server's time. The ballot goes in with INSERT … ON CONFLICT (poll_id, seat_key) DO NOTHING: of two
// members of one dwelling voting at once, exactly one ballot is kept and the other call is told 'ya_voto'.
import type { Kysely } from 'kysely';
import { voteRefusal } from '../../../src/api/pollLifecycle';
import type { VoteAnswer, VoteRequest } from '../../../src/api/polls';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { OutgoingMail } from '../../infra/mail/mailer';
import type { Auth } from '../shared/auth';
import { dwellingSeat, personSeat } from '../shared/electorate';
import { loadViewer } from '../shared/viewer';
import { localDateTimeText, timeZoneOf } from '../shared/zonedTime';
import { visiblePoll } from './access';
import { pollAnswer } from './answers';
import type { PollSigner } from './attachments';
import { writeChoices } from './ballots';
import { checkChoices, invalidChoice } from './choices';
import { pollConflict } from './conflict';
import { ensureFixed, lockPoll } from './electorate';
import { questionsOf } from './questions';
import { newReceiptCode } from './receipt';
import { pollReceiptMail } from './receiptMail';
import { findPoll, pollScreenPath, timesOf } from './rows';
import { callerSeats } from './seats';

export interface CastVote {
  answer: VoteAnswer;
  /** The receipt to mail once the vote is stored; null without EnviarCopia. */
  receipt: OutgoingMail | null;
}

export async function castVote(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: VoteRequest,
  sign: PollSigner,
  options: { baseUrl: string | null },
): Promise<CastVote> {
  const viewer = await loadViewer(db, auth);
  const caller = { auth, viewer };
  const now = clock.now();
  const { row: read } = await visiblePoll(db, auth, viewer, request.pollId);
  if ((read.kind === 'votacion') !== (request.ApmtId !== null)) throw invalidChoice('ApmtId');
  const answers = checkChoices(await questionsOf(db, read.id), request.respuestas);
  await ensureFixed(db, read, now);
  const seatKey = request.ApmtId !== null ? dwellingSeat(request.ApmtId) : personSeat(auth.userId);

  return db.transaction().execute(async (trx) => {
    await lockPoll(trx, read.id, 'share');
    const found = await visiblePoll(trx, auth, viewer, read.id);
    const row = found.row;
    const timeZone = await timeZoneOf(trx, row.condo_id);
    const seat = (await callerSeats(trx, caller, row, found, now, timeZone)).find((s) => s.seatKey === seatKey);
    const refusal = seat ? voteRefusal({ ...timesOf(row), cambiable: row.changeable === 1 }, seat.facts, now) : 'no_elegible';
    if (refusal) throw await pollConflict(trx, caller, row.id, now, sign, { motivo: refusal });
    const at = now.toISOString();
    let receipt: string;
    const previous = seat!.ballot;
    if (previous) {
      // A changeable poll: the same ballot (and receipt) with other choices, if nobody changed it meanwhile.
      const changed = await trx
        .updateTable('poll_ballots')
        .set({ cast_by: auth.userId, changed_at: at, version: previous.version + 1 })
        .where('id', '=', previous.id)
        .where('version', '=', previous.version)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) {
        throw await pollConflict(trx, caller, row.id, now, sign, { messageId: 'polls.conflict.changed' });
      }
      await trx.deleteFrom('poll_choices').where('ballot_id', '=', previous.id).execute();
      await writeChoices(trx, previous.id, answers);
      await trx
        .insertInto('poll_ballot_history')
        .values({ ballot_id: previous.id, user_id: auth.userId, kind: 'cambio', at })
        .execute();
      receipt = previous.receipt;
    } else {
      receipt = newReceiptCode();
      const inserted = await trx
        .insertInto('poll_ballots')
        .values({
          poll_id: row.id,
          seat_key: seatKey,
          apartment_id: request.ApmtId,
          cast_by: auth.userId,
          receipt,
          cast_at: at,
          changed_at: null,
        })
        .onConflict((oc) => oc.columns(['poll_id', 'seat_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      // Another member of the seat was first (their transaction committed while this one waited).
      if (!inserted) throw await pollConflict(trx, caller, row.id, now, sign, { motivo: 'ya_voto' });
      await writeChoices(trx, inserted.id, answers);
      await trx
        .insertInto('poll_ballot_history')
        .values({ ballot_id: inserted.id, user_id: auth.userId, kind: 'voto', at })
        .execute();
    }

    const section = found.section;
    const sendCopy = section.enviar_copia === 1;
    const fresh = (await findPoll(trx, auth.condoId, row.id))!;
    const poll = await pollAnswer(trx, caller, fresh, found, now, sign);
    let mail: OutgoingMail | null = null;
    if (sendCopy) {
      const me = await trx.selectFrom('users').select(['email', 'name']).where('id', '=', auth.userId).executeTakeFirstOrThrow();
      const condo = await trx.selectFrom('condominiums').select('name').where('id', '=', auth.condoId).executeTakeFirstOrThrow();
      mail = pollReceiptMail({
        to: { email: me.email, name: me.name },
        language: auth.language,
        condoName: condo.name,
        sectionName: section.name,
        title: row.title,
        seat: row.kind === 'votacion' ? seat!.seat.Nombre : null,
        when: localDateTimeText(now, timeZone),
        code: receipt,
        secret: row.secret === 1,
        changed: previous !== null,
        confirmation: section.mensaje_confirmacion || null,
        link: options.baseUrl ? `${options.baseUrl}/condominio${pollScreenPath(row.id)}` : null,
      });
    }
    return {
      answer: {
        success: true,
        recibo: receipt,
        FechaVoto: at,
        MensajeConfirmacion: section.mensaje_confirmacion || null,
        copiaEnviada: sendCopy,
        cambio: previous !== null,
        poll,
      },
      receipt: mail,
    };
  });
}
