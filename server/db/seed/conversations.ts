// Demo interpersonal messages of Residencial Las Palmas (issue 13), in its IC section: residente@demo.mx
// (Torre A - 101) and consejo@demo.mx (Torre B - 502) with read and unread messages both ways, each of them
// with the administration, and two neighbours (vecino025, vecino026) whose conversation the administrators
// never see but for the one message reported to them. Deterministic: every time is a fixed offset from the
// seed clock, and each unread message has the notification its readers would have got.
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import { messageNotice } from '../../domain/conversations/messages';
import { notify } from '../../domain/shared/notify';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';

const HOUR = 3_600_000;

/** Who writes: a demo account, for their dwelling or (administrators) for the administration. */
interface DemoMessage {
  from: string;
  asAdministration?: boolean;
  text: string;
  hoursAgo: number;
  /** When the other side opened it; absent: still unread. */
  readHoursAgo?: number;
  /** Reported by the other side's member: [e-mail, reason, hours ago]. */
  report?: [reporter: string, reason: string, hoursAgo: number];
}

interface DemoConversation {
  /** A resident's e-mail (their dwelling), or 'administración'. */
  between: [string, string];
  messages: DemoMessage[];
}

const ADMINISTRATION = 'administración';
const SECTION = 'Comunicación entre vecinos';

/** Oldest message first in each; conversations in the order their messages began. */
const CONVERSATIONS: DemoConversation[] = [
  {
    between: ['residente@demo.mx', ADMINISTRATION],
    messages: [
      {
        from: 'residente@demo.mx',
        text: 'Buen día. Perdí el tarjetón del estacionamiento, ¿cómo solicito uno nuevo?',
        hoursAgo: 120,
        readHoursAgo: 119,
      },
      {
        from: 'admin@demo.mx',
        asAdministration: true,
        text: 'Hola, Rosa. Pase a la oficina de administración con una identificación; la reposición cuesta $50.',
        hoursAgo: 118,
        readHoursAgo: 100,
      },
      { from: 'residente@demo.mx', text: 'Gracias. ¿Puedo pasar el sábado por la mañana?', hoursAgo: 3 },
    ],
  },
  {
    between: ['residente@demo.mx', 'consejo@demo.mx'],
    messages: [
      {
        from: 'residente@demo.mx',
        text: 'Hola, Carlos. ¿Sabes si el consejo aprobó la poda de las bugambilias?',
        hoursAgo: 50,
        readHoursAgo: 49,
      },
      {
        from: 'consejo@demo.mx',
        text: 'Hola, Rosa. Sí, se aprobó el jueves; empezamos en marzo.',
        hoursAgo: 48,
        readHoursAgo: 47,
      },
      {
        from: 'residente@demo.mx',
        text: '¡Qué bien! Si necesitan ayuda con la lavanda, cuenten conmigo.',
        hoursAgo: 46,
        readHoursAgo: 30,
      },
      { from: 'consejo@demo.mx', text: 'Gracias. Nos vemos el sábado a las 9:00 en la entrada.', hoursAgo: 26 },
      { from: 'consejo@demo.mx', text: 'Trae guantes si tienes; el consejo pone las herramientas.', hoursAgo: 25 },
    ],
  },
  {
    between: ['vecino025@demo.mx', 'vecino026@demo.mx'],
    messages: [
      {
        from: 'vecino025@demo.mx',
        text: 'Buenas noches, ¿podrían bajar el volumen de la música? Es casi medianoche.',
        hoursAgo: 30,
        readHoursAgo: 29.5,
      },
      {
        from: 'vecino026@demo.mx',
        text: 'Es fin de semana. Deje de quejarse por todo y cómprese unos tapones.',
        hoursAgo: 29,
        readHoursAgo: 28.5,
        report: ['vecino025@demo.mx', 'Respuesta grosera; no es la primera vez.', 28],
      },
      { from: 'vecino025@demo.mx', text: 'Solo pedía un poco de consideración. Gracias.', hoursAgo: 28 },
    ],
  },
  {
    between: ['consejo@demo.mx', ADMINISTRATION],
    messages: [
      {
        from: 'admin@demo.mx',
        asAdministration: true,
        text: 'Carlos, le comparto el borrador del presupuesto para la sesión del jueves. ¿Puede revisarlo?',
        hoursAgo: 8,
      },
    ],
  },
];

export async function seedConversations(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  const condo = await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow();
  const section = await db
    .selectFrom('sections')
    .select('id')
    .where('condo_id', '=', condo.id)
    .where('name', '=', SECTION)
    .executeTakeFirstOrThrow();
  const person = async (email: string) =>
    db
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .leftJoin('residencies as r', 'r.membership_id', 'm.id')
      .leftJoin('apartments as a', 'a.id', 'r.apartment_id')
      .leftJoin('towers as t', 't.id', 'a.tower_id')
      .select(['u.id', 'u.name', 'a.id as apartment_id', 'a.name as apartment', 't.name as tower'])
      .where('u.email', '=', email)
      .where('m.condo_id', '=', condo.id)
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
  const dwellingOf = async (who: string) => {
    const found = await person(who);
    if (found.apartment_id === null) throw new Error(`demo data: ${who} has no dwelling in Las Palmas`);
    return { id: found.apartment_id, name: dwellingName(found.tower, found.apartment!) };
  };
  const residentsOf = async (apartmentId: number) =>
    (
      await db
        .selectFrom('memberships as m')
        .innerJoin('residencies as r', 'r.membership_id', 'm.id')
        .select('m.user_id')
        .where('r.apartment_id', '=', apartmentId)
        .where('m.active', '=', 1)
        .execute()
    ).map((r) => r.user_id);
  const administrators = (
    await db
      .selectFrom('memberships')
      .select('user_id')
      .where('condo_id', '=', condo.id)
      .where('is_admin', '=', 1)
      .where('active', '=', 1)
      .execute()
  ).map((r) => r.user_id);

  for (const demo of CONVERSATIONS) {
    const [one, other] = await Promise.all(
      demo.between.map(async (who) => (who === ADMINISTRATION ? null : await dwellingOf(who))),
    );
    const ids = [one?.id ?? null, other?.id ?? null].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
    const { id: conversationId } = await db
      .insertInto('conversations')
      .values({
        condo_id: condo.id,
        section_id: section.id,
        party_a_apartment_id: ids[0]!,
        party_b_apartment_id: ids[1] ?? null,
        created_at: at(demo.messages[0]!.hoursAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const message of demo.messages) {
      const writer = await person(message.from);
      const side = message.asAdministration ? null : (await dwellingOf(message.from)).id;
      const { id: messageId } = await db
        .insertInto('messages')
        .values({
          conversation_id: conversationId,
          sender_user_id: writer.id,
          sender_apartment_id: side,
          body: message.text,
          created_at: at(message.hoursAgo),
          read_at: message.readHoursAgo === undefined ? null : at(message.readHoursAgo),
          hidden_for_recipient: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (message.report) {
        const [reporter, reason, hoursAgo] = message.report;
        await db
          .insertInto('message_reports')
          .values({
            message_id: messageId,
            reporter_user_id: (await person(reporter)).id,
            reason,
            state: 'nuevo',
            created_at: at(hoursAgo),
          })
          .execute();
      }
      if (message.readHoursAgo !== undefined) continue;
      const recipient = side === null ? (one ?? other) : side === one?.id ? other : one;
      const readers = recipient ? await residentsOf(recipient.id) : administrators;
      const from = side === null ? { id: 'conversationsNotices.administration' as const } : (await dwellingOf(message.from)).name;
      await notify(db, { now: () => new Date(at(message.hoursAgo)) }, readers, {
        condoId: condo.id,
        ...messageNotice(from, writer.name, message.text),
        modulo: 'mensaje',
        props: { conversationId, SectId: section.id },
      });
    }
  }
}
