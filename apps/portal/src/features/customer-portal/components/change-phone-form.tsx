import { useEffect, useRef } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { accountPhoneRequestSchema, type AccountPhoneRequest, type AccountPhoneResponse } from '@repo/contracts';
import { useSchemaForm, type FieldErrors } from '@repo/ui';
import { useRecheckSession } from '../../../lib/session.ts';
import { useChangePhone } from '../api/account-phone.ts';
import { refusalUnderField } from '../lib/refusal-under-field.ts';

/**
 * The new phone number for the account (PUT /api/auth/phone). Every refusal shows under the field; an ended session
 * turns the portal into the log-in prompt. `onDone` gets the server's message once the number is saved.
 */
export function ChangePhoneForm({ current, onDone, onCancel }: { current: string; onDone: (answer: AccountPhoneResponse) => void; onCancel: () => void }) {
  const form = useSchemaForm<AccountPhoneRequest>(accountPhoneRequestSchema, { phone: current });
  const change = useChangePhone();
  const recheckSession = useRecheckSession();
  const field = useRef<HTMLInputElement>(null);

  // Focused with the old number selected: typing replaces it.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  async function submit(request: AccountPhoneRequest): Promise<FieldErrors<'phone'> | undefined> {
    try {
      onDone(await change.mutateAsync(request));
      return undefined;
    } catch (error) {
      return refusalUnderField(error, ['phone'] as const, 'phone', recheckSession);
    }
  }

  return (
    <form {...form.scopeProps} noValidate onSubmit={form.onSubmit(submit)} aria-busy={form.busy} aria-label="Change phone number">
      <Stack gap="xs" mt="sm">
        <TextInput
          {...form.field('phone')}
          ref={field}
          label="New phone number"
          description="A ten-digit US number. We text a code to prove it is yours."
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          withAsterisk={false}
        />
        <Group gap="xs">
          <Button type="submit" disabled={form.busy}>
            {form.busy ? 'Saving...' : 'Save phone number'}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={form.busy}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
