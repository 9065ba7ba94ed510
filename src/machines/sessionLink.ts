// How a flow reaches the app-wide session actor (DESIGN.md §3): the view hands the flow the session's
// ref as input; the flow sends it events (refresh after a profile change, signedIn with a new token) or
// ends it before starting another one.
import { type ActorRef, type ActorRefFrom, type Snapshot, waitFor } from 'xstate';
import type { SessionEvent, sessionMachine } from './sessionMachine';

/** Enough of the session to tell it something. */
export type SessionRef = ActorRef<Snapshot<unknown>, SessionEvent>;

/** The session itself, for flows that wait on its state. */
export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * Resolves once no session is left: waits for a saved token to finish loading, then signs out whatever
 * session there is (signed in, or kept while the server was unreachable). Already signed out → at once.
 */
export async function endSession(session: SessionActor, signal?: AbortSignal): Promise<void> {
  const settled = await waitFor(session, (s) => !s.matches('checking') && !s.matches('loading'), { signal });
  if (settled.matches('signedOut')) return;
  if (!settled.matches('signingOut')) session.send({ type: 'signOut' });
  await waitFor(session, (s) => s.matches('signedOut'), { signal });
}
