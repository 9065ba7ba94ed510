// What the polls' server tests share: the demo's facts they read (sections, people, dwellings), drafts in the
// condominium's wall clock relative to the test clock, and calls that expect to succeed.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { utcToLocal } from '../../server/domain/shared/zonedTime';
import type { Clock } from '../../server/infra/clock';
import {
  POLLS_PATHS,
  PollAnswer,
  type PollDraft,
  PollSavedAnswer,
  type QuestionDraft,
  VoteAnswer,
  type VoteChoice,
} from '../../src/api/polls';
import { api } from './http';
import { call, expectOk, type TestApp } from './testApp';

export const ZONE = 'America/Mexico_City';

/** The condominium's wall clock `minutes` after the clock's now. */
export const localAt = (clock: Clock, minutes = 0) => utcToLocal(new Date(clock.now().getTime() + minutes * 60_000), ZONE);

export async function enSection(db: Kysely<Database>, subdomain = 'palmas'): Promise<number> {
  return (
    await db
      .selectFrom('sections as s')
      .innerJoin('condominiums as c', 'c.id', 's.condo_id')
      .select('s.id')
      .where('c.subdomain', '=', subdomain)
      .where('s.code', '=', 'EN')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function userId(db: Kysely<Database>, email: string): Promise<number> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** The (first) dwelling of a member of Las Palmas. */
export async function dwellingOf(db: Kysely<Database>, email: string): Promise<number> {
  return (
    await db
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('r.apartment_id')
      .where('u.email', '=', email)
      .where('m.condo_id', '=', 1)
      .orderBy('r.apartment_id')
      .executeTakeFirstOrThrow()
  ).apartment_id;
}

/** Makes the member of Las Palmas a resident of another dwelling too (a housemate there). */
export async function addHousemate(db: Kysely<Database>, email: string, apartmentId: number): Promise<void> {
  const membership = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.id')
    .where('u.email', '=', email)
    .where('m.condo_id', '=', 1)
    .executeTakeFirstOrThrow();
  await db.insertInto('residencies').values({ membership_id: membership.id, apartment_id: apartmentId }).execute();
}

export const yesNo = (Texto = '¿Aprueban?'): QuestionDraft => ({ Texto, tipo: 'sino', opciones: [], maximo: null });
export const single = (Texto: string, opciones: string[]): QuestionDraft => ({ Texto, tipo: 'unica', opciones, maximo: null });

/** A votación open from the clock's minute for a week unless told otherwise. */
export function voteDraft(clock: Clock, sectionId: number, overrides: Partial<PollDraft> = {}): PollDraft {
  return {
    sectionId,
    Titulo: 'Votación de prueba',
    Descripcion: 'Para las pruebas.',
    tipo: 'votacion',
    conteo: 'indiviso',
    secreta: true,
    cambiable: false,
    quorum: null,
    abre: localAt(clock),
    cierra: localAt(clock, 7 * 24 * 60),
    preguntas: [yesNo()],
    adjuntos: [],
    ...overrides,
  };
}

export function pollsClient(t: () => TestApp, tokens: Record<string, string>) {
  const get = (who: string, path: string) => call(t().app, 'GET', api(path), { token: tokens[who] });
  const post = (who: string, path: string, payload: object) => call(t().app, 'POST', api(path), { token: tokens[who], payload });
  return {
    get,
    post,
    async create(who: string, draft: PollDraft): Promise<number> {
      return (await expectOk<PollSavedAnswer>(post(who, POLLS_PATHS.create, draft), PollSavedAnswer)).PollId;
    },
    async poll(who: string, pollId: number): Promise<PollAnswer> {
      return expectOk<PollAnswer>(get(who, POLLS_PATHS.poll(pollId)), PollAnswer);
    },
    vote: (who: string, pollId: number, ApmtId: number | null, respuestas: VoteChoice[]) =>
      post(who, POLLS_PATHS.vote, { pollId, ApmtId, respuestas }),
    async voted(who: string, pollId: number, ApmtId: number | null, respuestas: VoteChoice[]): Promise<VoteAnswer> {
      return expectOk<VoteAnswer>(post(who, POLLS_PATHS.vote, { pollId, ApmtId, respuestas }), VoteAnswer);
    },
  };
}

/** The answer choosing the option with this clave (sino) or this text, of question `index`. */
export function choose(poll: PollAnswer, index: number, ...options: string[]): VoteChoice {
  const question = poll.poll.preguntas[index]!;
  return {
    preguntaId: question.id,
    opciones: options.map((o) => question.opciones.find((x) => x.clave === o || x.Texto === o)!.id),
  };
}
