// The public page's sign-in card once its visitor uses it (PublicLoginCard.tsx loads this on demand): the sign-in
// form over loginMachine, with the condominium's subdomain in the flow's input so that condominium comes first,
// starting from what the visitor did in the card meanwhile. Once signed in, the visitor goes where the sign-in page
// sends them.
import { type ReactNode, useEffect, useRef } from 'react';
import { Redirect } from 'wouter';
import { HOME_PATH } from '../common/returnUrl';
import { EnsureSession, SessionContext } from '../common/SessionContext';
import { SignInForm, useLoginFlow } from '../common/SignInForm';
import type { TypedSignIn } from './PublicLoginCard';

interface Props {
  subdomain: string | null;
  typed: TypedSignIn;
  header: ReactNode;
}

/** The flow with a session: the page has one only when a session was saved (src/views/app/routes.tsx). */
export function PublicLoginFlow(props: Props) {
  return (
    <EnsureSession>
      <Flow {...props} />
    </EnsureSession>
  );
}

function Flow({ subdomain, typed, header }: Props) {
  const { email, password, rememberMe, touched } = typed;
  const flow = useLoginFlow({ subdomain, email, password, rememberMe, touched });
  const [state, send] = flow;
  const signedIn = SessionContext.useSelector((s) => s.matches('signedIn') || s.matches('unavailable'));
  // Ingresar pressed before this code arrived is the flow's first event, sent once.
  const submitted = useRef(false);
  useEffect(() => {
    if (!typed.submitted || submitted.current) return;
    submitted.current = true;
    send({ type: 'submit' });
  }, [typed.submitted, send]);

  // Only a sign-in made here leaves the page: a visitor already signed in may still read it.
  if (state.status === 'done' && signedIn) return <Redirect to={`~${HOME_PATH}`} replace />;

  return <SignInForm flow={flow} header={header} passwordVisible={typed.passwordVisible} />;
}
