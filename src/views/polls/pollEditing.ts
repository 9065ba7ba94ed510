// Editing a poll from its own screen, before it opens: the editor wants what the list's home call gives (the
// sections one may write in, the zone and its now, whether one publishes or proposes); the poll's answer has
// all of it for this one poll, so the screen makes it up from there instead of asking again.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { PollAnswer, PollsHomeAnswer } from '../../api/polls';
import type { ExistingPoll } from '../../machines/pollEditorMachine';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The home of one poll's editor: its section, its zone and now in it; an administrator publishes, its proposer proposes. */
export function editHome(answer: PollAnswer, admin: boolean, now: number): PollsHomeAnswer {
  const { poll } = answer;
  return {
    success: true,
    secciones: [poll.seccion],
    zonaHoraria: poll.zonaHoraria,
    ahoraLocal: dayjs(now).tz(poll.zonaHoraria).format('YYYY-MM-DDTHH:mm'),
    canCreate: admin,
    proposeIn: admin ? [] : [poll.SectId],
    canManage: admin,
  };
}

/** The poll as the editor starts from it (only asked when the answer carries its draft). */
export function existingPoll(answer: PollAnswer): ExistingPoll {
  return {
    pollId: answer.poll.PollId,
    version: answer.poll.version,
    borrador: answer.borrador!,
    adjuntos: answer.poll.adjuntos.map((a) => ({ id: a.id, nombre: a.nombre })),
  };
}
