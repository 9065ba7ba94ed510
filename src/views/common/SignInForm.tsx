// The sign-in form over loginMachine, with its dialogs (condominium selector, condominium error, the §8 alerts).
// The sign-in page and the public condominium page's card both use it; every rule lives in the machine, the form
// only shows its state (SignInFields.tsx draws it) and sends what the user does.
import { useMachine } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { type LoginInput, loginMachine } from '../../machines/loginMachine';
import { lazyDialog } from './LazyModal';
import { SessionContext } from './SessionContext';
import { SignInFields } from './SignInFields';

// The flow's dialogs load the first time one opens: the sign-in form shows without them (issue 29).
const CondoSelectorDialog = lazyDialog(async () => ({ default: (await import('./CondoSelectorDialog')).CondoSelectorDialog }));
const CondoErrorDialog = lazyDialog(async () => ({ default: (await import('./CondoErrorDialog')).CondoErrorDialog }));
const LoginMessageDialog = lazyDialog(async () => ({ default: (await import('./LoginMessageDialog')).LoginMessageDialog }));

/** The login flow, which hands its token to the app's session itself when it is over. */
export function useLoginFlow(input: Omit<LoginInput, 'session'>) {
  const session = SessionContext.useActorRef();
  return useMachine(loginMachine, { input: { ...input, session } });
}

type LoginFlow = ReturnType<typeof useLoginFlow>;

/** `passwordVisible`: whether the password shows at first (the public card hands over what its visitor chose). */
export function SignInForm({
  flow: [state, send],
  header,
  passwordVisible: shownAtFirst = false,
}: {
  flow: LoginFlow;
  header?: ReactNode;
  passwordVisible?: boolean;
}) {
  const [passwordVisible, setPasswordVisible] = useState(shownAtFirst);
  const { email, password, rememberMe, touched, credentialsError } = state.context;

  return (
    <>
      <SignInFields
        header={header}
        email={email}
        password={password}
        rememberMe={rememberMe}
        touched={touched}
        credentialsError={credentialsError}
        // The fields take what the machine takes: edits only while the form is being filled in.
        editable={state.can({ type: 'email.change', value: email })}
        // Waiting on the server, or on the session to load: the button shows it.
        busy={state.hasTag('busy') || state.status === 'done'}
        canSubmit={state.can({ type: 'submit' })}
        passwordVisible={passwordVisible}
        onPasswordVisibleChange={setPasswordVisible}
        onEmailChange={(value) => send({ type: 'email.change', value })}
        onEmailBlur={() => send({ type: 'email.blur' })}
        onPasswordChange={(value) => send({ type: 'password.change', value })}
        onPasswordBlur={() => send({ type: 'password.blur' })}
        onRememberMeChange={(value) => send({ type: 'rememberMe.change', value })}
        onSubmit={() => send({ type: 'submit' })}
      />

      <CondoSelectorDialog
        opened={state.matches('choosingCondo')}
        condos={state.context.condos}
        onChoose={(condoId) => send({ type: 'choose', condoId })}
        onCancel={() => send({ type: 'cancel' })}
      />
      <CondoErrorDialog
        opened={state.matches('condoError')}
        condo={state.context.chosen}
        onClose={() => send({ type: 'dismiss' })}
      />
      <LoginMessageDialog
        opened={state.matches('noActiveCondo') || state.matches('failed')}
        message={
          state.matches('noActiveCondo')
            ? 'login.noActiveCondo'
            : state.context.failure === 'missingToken'
              ? 'login.missingToken'
              : 'login.unexpected'
        }
        onClose={() => send({ type: 'dismiss' })}
      />
    </>
  );
}
