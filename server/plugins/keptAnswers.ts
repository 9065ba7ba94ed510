// Kept answers (issue 29): a read a person makes again and again (the screens they go back to) is answered from
// memory while nothing was committed since it was read, for a few seconds at most.
//
// - Whose: the key is the caller's session (or no session, for a public read), the language the answer is in
//   and the whole address with its query. An answer is never given to another session, so never to another
//   person or condominium; a public read's answer is the same for every visitor by construction.
// - Until a change: an answer is kept with the database's data state it was read in (DatabaseHandle.dataState:
//   SQLite's count of writing statements, PostgreSQL's current snapshot) and given only while that state is
//   still the current one. Any committed write, by any request, job or process, ends every kept answer. The
//   state is taken before the answer reads anything, so what it read is at least that new; a write that lands
//   while it reads moves the state on, and an answer kept under the old state is never given again.
// - For a few seconds: what a screen shows also moves with the clock (a poll opens, an event begins, a due date
//   passes). A route keeps its answers `seconds` at most (the app's clock), so it shows such a change that late.
// - What: only 200 answers of GETs, with their content type, and no other header of the route's own.
//
// A route opts in with `keep` (signedInRoutes, routes/guards.ts) or with app.keptAnswers.hooks(seconds).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerStore } from '../infra/answerStore';

/**
 * How long the screens people go back to keep an answer at most, in seconds: what they show of the clock (an
 * event begun, a poll opened) shows that much late; any write shows at once.
 */
export const SCREEN_KEEP_SECONDS = 5;

interface PendingAnswer {
  key: string;
  state: string;
  /** Epoch ms: the read began at most `seconds` before it (what it shows of the clock is that old at most). */
  until: number;
}

export interface KeptAnswerHooks {
  /**
   * Answers from memory when it can. Runs after the route's guard (an onRequest or preHandler hook itself, after
   * the guard's): a refused caller is never answered here. It may run before the input is validated, since only
   * 200 answers are kept and the key holds the whole address: the same address passed validation before.
   */
  lookup: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    keptAnswer: PendingAnswer | null;
  }
  interface FastifyInstance {
    keptAnswers: { store: AnswerStore; hooks(seconds: number): KeptAnswerHooks };
  }
}

const keyOf = (request: FastifyRequest) => `${request.auth?.sessionId ?? 'public'}\u0000${request.language}\u0000${request.url}`;

export default fp(async function keptAnswers(app: FastifyInstance) {
  const store = new AnswerStore();
  app.decorateRequest('keptAnswer', null);

  function hooks(seconds: number): KeptAnswerHooks {
    // Callback hooks, not async ones: they run on every request of the route, and SQLite's state needs no wait.
    function answer(request: FastifyRequest, reply: FastifyReply, state: string): boolean {
      const key = keyOf(request);
      const now = app.clock.now().getTime();
      const kept = store.get(key, state, now);
      if (!kept) {
        request.keptAnswer = { key, state, until: now + seconds * 1000 };
        return false;
      }
      reply.headers(kept.headers).send(kept.payload);
      return true;
    }
    return {
      lookup(request, reply, done) {
        if (request.method !== 'GET') return done();
        // The session's lookup took it (plugins/auth.ts); a public read takes it here, before reading anything.
        const state = request.dataState ?? app.dataState();
        if (typeof state === 'string') {
          if (!answer(request, reply, state)) done();
          return;
        }
        state.then(
          (taken) => {
            if (!answer(request, reply, taken)) done();
          },
          (error: Error) => done(error),
        );
      },
      onSend(request, reply, payload, done) {
        const pending = request.keptAnswer;
        const type = reply.getHeader('content-type');
        // Kept under the state taken before it was read (infra/stateMemo.ts says why that is enough).
        if (
          pending &&
          reply.statusCode === 200 &&
          typeof type === 'string' &&
          (typeof payload === 'string' || Buffer.isBuffer(payload))
        ) {
          store.set(pending.key, { state: pending.state, until: pending.until, payload, headers: { 'content-type': type } });
        }
        done(null, payload);
      },
    };
  }

  app.decorate('keptAnswers', { store, hooks });
});
