// The new-password form's rules (reset and change): the shared rule of src/api/account.ts, and the
// confirmation that must match. Message ids, like signInFormErrors.
import { passwordProblem } from '../api/account';

export type PasswordProblem = NonNullable<ReturnType<typeof passwordProblem>>;

export interface NewPasswordErrors {
  password?: PasswordProblem;
  confirmation?: 'password.mismatch';
}

export function newPasswordErrors(password: string, confirmation: string): NewPasswordErrors {
  const problem = passwordProblem(password);
  return {
    ...(problem ? { password: problem } : {}),
    ...(confirmation === password ? {} : { confirmation: 'password.mismatch' as const }),
  };
}

export const hasNoErrors = (errors: object) => Object.keys(errors).length === 0;
