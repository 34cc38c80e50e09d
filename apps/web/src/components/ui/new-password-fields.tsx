import type { ComponentProps } from 'react';
import { TextField } from './text-field';

type PasswordInput = ComponentProps<'input'> & { error?: string | undefined };

/**
 * A new password and its confirmation, as the password-changing forms ask them: the rules of
 * registration in the hint, and autocomplete that lets a password manager offer a new one.
 */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: PasswordInput;
  confirmation: PasswordInput;
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters; not a common password, your username or your email."
        {...password}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...confirmation}
      />
    </>
  );
}
