// The session actor, alive for the whole app (DESIGN.md §3).
import { createActorContext } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
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

export function SessionProvider({ children }: { children: ReactNode }) {
  return (
    <SessionContext.Provider options={{ input: { token: readToken() } }}>
      <TokenChangeListener />
      {children}
    </SessionContext.Provider>
  );
}
