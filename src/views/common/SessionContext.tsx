// The session actor, alive for the whole app (DESIGN.md §3).
import { createActorContext } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { sessionMachine } from '../../machines/sessionMachine';
import { whenPrivacyNoticePending, whenSessionEnds, whenTokenChanges } from '../../services/http';
import { readToken } from '../../services/tokenStore';

export const SessionContext = createActorContext(sessionMachine);

/** The http client notices another tab's token change, a privacy notice the server says is pending, or a
 * session the server no longer knows; the session decides what follows. */
function TokenChangeListener() {
  const session = SessionContext.useActorRef();
  useEffect(() => whenTokenChanges(() => session.send({ type: 'tokenChanged' })), [session]);
  useEffect(() => whenPrivacyNoticePending(() => session.send({ type: 'privacyNoticePending' })), [session]);
  useEffect(() => whenSessionEnds(() => session.send({ type: 'sessionEnded' })), [session]);
  return null;
}

/** Whether a SessionProvider is above: visitor pages have none unless a session was saved (routes.tsx). */
const HasSession = createContext(false);

export function SessionProvider({ children }: { children: ReactNode }) {
  return (
    <HasSession.Provider value={true}>
      <SessionContext.Provider options={{ input: { token: readToken() } }}>
        <TokenChangeListener />
        {children}
      </SessionContext.Provider>
    </HasSession.Provider>
  );
}

/** The session for a part of a visitor page that needs one (the public page's sign-in card): the page's own if
 * it has one, else one of its own, so that a visitor page without a saved session never loads it. */
export function EnsureSession({ children }: { children: ReactNode }) {
  return useContext(HasSession) ? children : <SessionProvider>{children}</SessionProvider>;
}
