// Blocks the condominium area behind the privacy notice until it is accepted (spec §4). Nothing of the
// area renders while the dialog is open, so no page is usable behind it.
import { useMachine } from '@xstate/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useIntl } from 'react-intl';
import type { SessionData } from '../../api/sessions';
import { privacyGateMachine } from '../../machines/privacyGateMachine';
import { PageLoader } from '../common/PageLoader';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';

/** The dialog (Modal, its scroll lock and focus trap) comes only when the notice is asked. */
const PrivacyDialog = lazy(() => import('./PrivacyDialog'));

/**
 * The tab's title while the notice is asked: the condominium, then the notice, as the pages behind it
 * title themselves. Its own component, mounted only while the gate holds, so the page that follows sets
 * its title after this one is gone (a parent's effect would run after, and win over, its children's).
 */
function PrivacyTitle({ condoName }: { condoName: string }) {
  const intl = useIntl();
  useDocumentTitle(condoName, intl.formatMessage({ id: 'privacy.title' }));
  return null;
}

export function PrivacyGate({ data, children }: { data: SessionData; children: ReactNode }) {
  const session = SessionContext.useActorRef();
  // What follows an answer (the session refreshed, or signed out) is the machine's: this only shows it.
  const [state, send] = useMachine(privacyGateMachine, {
    input: {
      notice: data.condo.AvisoPrivacidad,
      active: data.condo.AvisoActivo === 1,
      accepted: data.usuario.AvisoPrivacidad !== null,
      session,
    },
  });

  if (state.matches('passed')) return <>{children}</>;
  return (
    <>
      <PrivacyTitle condoName={data.condo.CondoName} />
      <Suspense fallback={<PageLoader />}>
        <PrivacyDialog state={state} send={send} />
      </Suspense>
    </>
  );
}
