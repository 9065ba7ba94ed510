import '@mantine/core/styles/PasswordInput.css';
// A new password and its confirmation, with the shared rule shown as the user types (reset-password and
// mi-perfil). The rule itself lives in machines/passwordRules.ts; this only shows its verdict.
import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { NewPasswordErrors } from '../../machines/passwordRules';

type Field = 'password' | 'confirmation';

interface Props {
  password: string;
  confirmation: string;
  touched: Record<Field, boolean>;
  errors: NewPasswordErrors;
  disabled: boolean;
  onChange(field: Field, value: string): void;
  onBlur(field: Field): void;
}

export function NewPasswordFields({ password, confirmation, touched, errors, disabled, onChange, onBlur }: Props) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  const toggleProps = {
    'aria-label': intl.formatMessage({ id: visible ? 'login.hidePassword' : 'login.showPassword' }),
  };
  // Live: a rule is shown as soon as there is something to judge, or once the field was left.
  const shown = (field: Field, value: string) => {
    const error = errors[field];
    return error && (value !== '' || touched[field]) ? intl.formatMessage({ id: error }) : undefined;
  };
  return (
    <>
      <PasswordInput
        label={<FormattedMessage id="password.new" />}
        description={<FormattedMessage id="password.rule" />}
        autoComplete="new-password"
        required
        value={password}
        disabled={disabled}
        onChange={(e) => onChange('password', e.currentTarget.value)}
        onBlur={() => onBlur('password')}
        error={shown('password', password)}
        visible={visible}
        onVisibilityChange={setVisible}
        visibilityToggleButtonProps={toggleProps}
      />
      <PasswordInput
        label={<FormattedMessage id="password.confirm" />}
        autoComplete="new-password"
        required
        value={confirmation}
        disabled={disabled}
        onChange={(e) => onChange('confirmation', e.currentTarget.value)}
        onBlur={() => onBlur('confirmation')}
        error={shown('confirmation', confirmation)}
        visible={visible}
        onVisibilityChange={setVisible}
        visibilityToggleButtonProps={toggleProps}
      />
    </>
  );
}
