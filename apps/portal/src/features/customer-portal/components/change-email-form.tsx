import { useEffect, useRef } from 'react';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { accountEmailRequestSchema, type AccountEmailRequest } from '@repo/contracts';
import { useSchemaForm, type FieldErrors } from '@repo/ui';
import { useRecheckSession } from '../../../lib/session.ts';
import { useRequestEmailChange } from '../api/account-email.ts';
import { refusalUnderField } from '../lib/refusal-under-field.ts';

const fieldNames = ['email', 'password'] as const;

/**
 * The new email for the account (PUT /api/auth/email), with the account password. The email stays as it is until the
 * link sent to the new address is opened, so `onSent` gets the server's message to show in place of the form. Every
 * refusal shows under its field (a wrong password under the password; too many requests, an unreachable server under
 * the email); an ended session turns the portal into the log-in prompt.
 */
export function ChangeEmailForm({ onSent, onCancel }: { onSent: (message: string) => void; onCancel: () => void }) {
  const form = useSchemaForm<AccountEmailRequest>(accountEmailRequestSchema, { email: '', password: '' });
  const change = useRequestEmailChange();
  const recheckSession = useRecheckSession();
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    field.current?.focus();
  }, []);

  async function submit(request: AccountEmailRequest): Promise<FieldErrors<(typeof fieldNames)[number]> | undefined> {
    try {
      onSent(await change.mutateAsync(request));
      return undefined;
    } catch (error) {
      return refusalUnderField(error, fieldNames, 'email', recheckSession);
    }
  }

  return (
    <form {...form.scopeProps} noValidate onSubmit={form.onSubmit(submit)} aria-busy={form.busy} aria-label="Change email">
      <Stack gap="xs" mt="sm">
        <TextInput
          {...form.field('email')}
          ref={field}
          label="New email"
          description="We email a link there. Your email changes once you open it."
          type="email"
          autoComplete="email"
          required
          withAsterisk={false}
        />
        <PasswordInput {...form.field('password')} label="Your password" autoComplete="current-password" required withAsterisk={false} />
        <Group gap="xs">
          <Button type="submit" disabled={form.busy}>
            {form.busy ? 'Sending...' : 'Send link'}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={form.busy}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
