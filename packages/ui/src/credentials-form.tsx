import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { FieldErrors, SafeParseSchema } from './form-errors.tsx';
import { useSchemaForm } from './use-schema-form.ts';

export type Credentials = { email: string; password: string };

export type CredentialsFormProps = {
  /** `loginRequestSchema` or `adminLoginRequestSchema`: the messages under the fields come from it. */
  schema: SafeParseSchema<Credentials>;
  submitLabel: string;
  busyLabel: string;
  /** Runs with valid credentials; may answer field errors from the server to show under the fields. */
  onSubmit: (credentials: Credentials) => Promise<FieldErrors<keyof Credentials> | void>;
};

/**
 * Email and password sign-in form shared by the customer and back-office logins. Both fields are required, so no
 * asterisks: the labels stay exactly "Email" and "Password".
 */
export function CredentialsForm({ schema, submitLabel, busyLabel, onSubmit }: CredentialsFormProps) {
  const form = useSchemaForm<Credentials>(schema, { email: '', password: '' });
  return (
    <form {...form.scopeProps} noValidate onSubmit={form.onSubmit(onSubmit)} aria-busy={form.busy}>
      <Stack gap="md">
        <TextInput
          {...form.field('email')}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          withAsterisk={false}
        />
        <PasswordInput
          {...form.field('password')}
          label="Password"
          autoComplete="current-password"
          required
          withAsterisk={false}
        />
        <Button type="submit" fullWidth disabled={form.busy} mt="xs">
          {form.busy ? busyLabel : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
