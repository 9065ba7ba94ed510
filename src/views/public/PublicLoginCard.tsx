// The public page's sign-in card (spec §2.5), shown with the page: the sign-in form (SignInFields.tsx) over the
// card's own state until the visitor starts using it, then over loginMachine (PublicLoginFlow.tsx, loaded at the
// first focus, press or key inside the card: onDemand.ts). The flow starts from what was typed, ticked and left
// meanwhile, and a press of Ingresar made before it arrived is its first event (the button spins until then). The
// swap puts the focus back in the field that had it, with its selection.
import { Paper, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { signInFormErrors } from '../../api/sessions';
import { SignInFields } from '../common/SignInFields';
import { onDemand, useOnDemand } from './onDemand';

/** What the visitor did in the card before the flow arrived: the flow starts from it. */
export interface TypedSignIn {
  email: string;
  password: string;
  rememberMe: boolean;
  touched: { email: boolean; password: boolean };
  passwordVisible: boolean;
  /** Ingresar was pressed on a form the rules accept. */
  submitted: boolean;
}

const NOTHING_TYPED: TypedSignIn = {
  email: '',
  password: '',
  rememberMe: false,
  touched: { email: false, password: false },
  passwordVisible: false,
  submitted: false,
};

const loginFlow = onDemand(() => import('./PublicLoginFlow'));

/** The field that had the focus as the card's own form left, and its selection (an e-mail field has none to read:
 * browsers give none for its type, and its caret comes back at the end, where typing leaves it). */
interface FieldFocus {
  name: string;
  start: number | null;
  end: number | null;
  direction: 'forward' | 'backward' | 'none' | null;
}

function focusIn(card: HTMLElement | null): FieldFocus | null {
  const field = document.activeElement;
  if (!(field instanceof HTMLInputElement) || !field.name || !card?.contains(field)) return null;
  return { name: field.name, start: field.selectionStart, end: field.selectionEnd, direction: field.selectionDirection };
}

function refocus(card: HTMLElement | null, noted: FieldFocus | null) {
  const field = noted && card?.querySelector<HTMLInputElement>(`input[name="${noted.name}"]`);
  if (!field) return;
  field.focus({ preventScroll: true });
  if (noted.start !== null && noted.end !== null) field.setSelectionRange(noted.start, noted.end, noted.direction ?? undefined);
}

export function PublicLoginCard({ subdomain }: { subdomain: string | null }) {
  const logic = useOnDemand(loginFlow);
  const [typed, setTyped] = useState(NOTHING_TYPED);
  const card = useRef<HTMLDivElement>(null);
  const focus = useRef<FieldFocus | null>(null);
  const Flow = logic.module?.PublicLoginFlow;
  // After the swap (the card's own form noted the focus as it left): the flow's form has mounted.
  useLayoutEffect(() => {
    if (Flow) refocus(card.current, focus.current);
  }, [Flow]);
  const use = () => {
    logic.request().catch(() => undefined);
  };
  const noteFocus = useCallback(() => {
    focus.current = focusIn(card.current);
  }, []);
  const submit = () => {
    setTyped((now) => ({ ...now, submitted: true }));
    // Not sent after all if the flow cannot be had: the form takes input again, with the failure shown.
    logic.request().catch(() => setTyped((now) => ({ ...now, submitted: false })));
  };
  const header = (
    <Title order={2} size="h3">
      <FormattedMessage id="public.login.title" />
    </Title>
  );

  return (
    <Paper
      ref={card}
      withBorder
      shadow="md"
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      onFocus={use}
      onPointerDown={use}
      onKeyDown={use}
    >
      {Flow ? (
        <Flow subdomain={subdomain} typed={typed} header={header} />
      ) : (
        <TypedForm typed={typed} onType={setTyped} onSubmit={submit} header={header} onLeave={noteFocus} />
      )}
      {logic.failed ? (
        <Text role="alert" size="sm" c="red.8" mt="sm">
          <FormattedMessage id="common.network" />
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * The sign-in form over the card's state, until the flow arrives. Ingresar is offered on the rules the flow applies
 * (signInFormErrors, src/api/sessions.ts), so a press made now is one the flow takes.
 */
function TypedForm({
  typed,
  onType,
  onSubmit,
  header,
  onLeave,
}: {
  typed: TypedSignIn;
  onType: (change: (now: TypedSignIn) => TypedSignIn) => void;
  onSubmit: () => void;
  header: ReactNode;
  onLeave: () => void;
}) {
  // onLeave is this effect's cleanup: it runs as the swap removes this form, before its fields leave the document,
  // so the focus is still where the visitor left it.
  useLayoutEffect(() => onLeave, [onLeave]);
  const change = (part: Partial<TypedSignIn>) => onType((now) => ({ ...now, ...part }));
  const acceptable = Object.keys(signInFormErrors(typed.email, typed.password)).length === 0;

  return (
    <SignInFields
      header={header}
      email={typed.email}
      password={typed.password}
      rememberMe={typed.rememberMe}
      touched={typed.touched}
      credentialsError={null}
      editable={!typed.submitted}
      busy={typed.submitted}
      canSubmit={acceptable}
      passwordVisible={typed.passwordVisible}
      onPasswordVisibleChange={(passwordVisible) => change({ passwordVisible })}
      onEmailChange={(email) => change({ email })}
      onEmailBlur={() => onType((now) => ({ ...now, touched: { ...now.touched, email: true } }))}
      onPasswordChange={(password) => change({ password })}
      onPasswordBlur={() => onType((now) => ({ ...now, touched: { ...now.touched, password: true } }))}
      onRememberMeChange={(rememberMe) => change({ rememberMe })}
      onSubmit={() => {
        if (acceptable && !typed.submitted) onSubmit();
      }}
    />
  );
}
