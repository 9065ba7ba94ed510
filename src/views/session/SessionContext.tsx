// The session actor, alive for the whole app (DESIGN.md §3).
import { createActorContext } from '@xstate/react';
import type { ReactNode } from 'react';
import { sessionMachine } from '../../machines/sessionMachine';
import { readToken } from '../../services/tokenStore';

export const SessionContext = createActorContext(sessionMachine);

export function SessionProvider({ children }: { children: ReactNode }) {
  return <SessionContext.Provider options={{ input: { token: readToken() } }}>{children}</SessionContext.Provider>;
}
