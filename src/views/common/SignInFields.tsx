// The sign-in form itself (spec §4 Login, §2.5): Correo electrónico, Contraseña with show/hide, the forgot-password
// link, Recordarme and Ingresar, from props alone. SignInForm.tsx fills it from loginMachine (the sign-in page, and
// the public page's card once its code is in); the public page's card fills it from its own state until then
// (src/views/public/PublicLoginCard.tsx), so the card shows with the page and its logic loads when it is used.
// The browser's own fields with Mantine's look (signInFields.module.css), as the guest form's: Mantine's TextInput,
// PasswordInput and Checkbox cost the public page's first load about 12 KiB gzip (issue 29). Each field has its
// label, its required mark (hidden from screen readers, which read `required`) and its message tied to it
// (aria-describedby, aria-invalid); the inputs are named, so a card that swaps the form can find the one in use.
import '@mantine/core/styles/Anchor.css';
import { Anchor, Button, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { signInFormErrors } from '../../api/sessions';
import classes from './signInFields.module.css';

export interface SignInFieldsProps {
  header?: ReactNode;
  email: string;
  password: string;
  rememberMe: boolean;
  /** The fields left (or sent): their messages show. */
  touched: { email: boolean; password: boolean };
  /** The server's words for wrong credentials, shown under the password instead of its own message. */
  credentialsError: string | null;
  /** Whether the fields take input (not while signing in). */
  editable: boolean;
  /** Ingresar spins: the sign-in is under way. */
  busy: boolean;
  /** Ingresar is offered. */
  canSubmit: boolean;
  passwordVisible: boolean;
  onPasswordVisibleChange: (visible: boolean) => void;
  onEmailChange: (value: string) => void;
  onEmailBlur: () => void;
  onPasswordChange: (value: string) => void;
  onPasswordBlur: () => void;
  onRememberMeChange: (value: boolean) => void;
  onSubmit: () => void;
}

export function SignInFields(props: SignInFieldsProps) {
  const { email, password, touched, credentialsError, editable, busy } = props;
  const intl = useIntl();
  const id = useId();
  const errors = signInFormErrors(email, password);
  const emailError = touched.email && errors.email ? intl.formatMessage({ id: errors.email }) : null;
  const passwordError =
    credentialsError ?? (touched.password && errors.password ? intl.formatMessage({ id: errors.password }) : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  // As Mantine's PasswordInput: the button acts on press and keeps the focus in the field.
  const toggle = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    props.onPasswordVisibleChange(!props.passwordVisible);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'login.title' })}>
      <Stack gap="md">
        {props.header}
        <div className={classes.field}>
          <Label htmlFor={`${id}-email`} text={<FormattedMessage id="login.email" />} />
          <input
            id={`${id}-email`}
            name="email"
            className={classes.input}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            disabled={!editable}
            onChange={(event) => props.onEmailChange(event.currentTarget.value)}
            onBlur={props.onEmailBlur}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
          />
          <ErrorText id={`${id}-email-error`} error={emailError} />
        </div>
        <div className={classes.field}>
          <Label htmlFor={`${id}-password`} text={<FormattedMessage id="login.password" />} />
          <div className={classes.password}>
            <input
              id={`${id}-password`}
              name="password"
              className={classes.input}
              type={props.passwordVisible ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={password}
              disabled={!editable}
              onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
              onBlur={props.onPasswordBlur}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? `${id}-password-error` : undefined}
            />
            <button
              type="button"
              className={classes.toggle}
              tabIndex={-1}
              disabled={!editable}
              aria-pressed={props.passwordVisible}
              aria-label={intl.formatMessage({ id: props.passwordVisible ? 'login.hidePassword' : 'login.showPassword' })}
              onMouseDown={toggle}
              onTouchEnd={toggle}
              onKeyDown={(event) => {
                if (event.key === ' ' || event.key === 'Enter') toggle(event);
              }}
            >
              <EyeIcon crossed={props.passwordVisible} />
            </button>
          </div>
          <ErrorText id={`${id}-password-error`} error={passwordError} />
        </div>
        <Anchor component={Link} href="~/sessions/forgot-password" size="sm" mt={-8}>
          <FormattedMessage id="account.forgot.link" />
        </Anchor>
        <label className={classes.check}>
          <input
            type="checkbox"
            name="rememberMe"
            checked={props.rememberMe}
            disabled={!editable}
            onChange={(event) => props.onRememberMeChange(event.currentTarget.checked)}
          />
          <FormattedMessage id="login.rememberMe" />
        </label>
        <Button type="submit" fullWidth loading={busy} disabled={!busy && !props.canSubmit}>
          <FormattedMessage id="login.submit" />
        </Button>
      </Stack>
    </form>
  );
}

function Label({ htmlFor, text }: { htmlFor: string; text: ReactNode }) {
  return (
    <label className={classes.label} htmlFor={htmlFor}>
      {text}
      <span className={classes.required} aria-hidden>
        {' *'}
      </span>
    </label>
  );
}

function ErrorText({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} className={classes.error}>
      {error}
    </p>
  ) : null;
}

/** Mantine's PasswordInput eye: open while the password is hidden, crossed once it shows. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 256 256"
      fill="none"
      stroke="currentColor"
      strokeLinecap="round"
      strokeLinejoin="round"
      strokeWidth="16"
      aria-hidden
    >
      {crossed ? (
        <path d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6" />
      ) : (
        <>
          <path d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
          <circle cx="128" cy="128" r="40" />
        </>
      )}
    </svg>
  );
}
