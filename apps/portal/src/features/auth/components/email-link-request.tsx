import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiRequestError, AppAnchor, errorMessage, HeldHeight, fieldErrorsOf, showToast, useDocumentTitle, useSchemaForm, type FieldErrors, type SafeParseSchema } from '@repo/ui';
import { UntilHydrated } from '../../../components/until-hydrated.tsx';
import { paths } from '../../../config/paths.ts';
import { readableTitle } from '../../../lib/alert-styles.ts';
import { AuthFrame } from './auth-frame.tsx';
import { unreachableMessage } from '../../../lib/emailed-link.ts';

type EmailRequest = { email: string };

/** What one page that emails a link says and sends. */
export type EmailLinkRequestProps = {
  title: string;
  intro: string;
  /** The form's accessible name. */
  formLabel: string;
  submitLabel: string;
  /** The toast's title when the server cannot be reached. */
  failureTitle: string;
  schema: SafeParseSchema<EmailRequest>;
  /** Shown when the server's answer carries no message of its own. */
  requestedMessage: string;
  request: UseMutationResult<string | null, Error, EmailRequest>;
};

/**
 * A page where a customer types the email of their account to be sent a link (a password reset, a sign-in link), then
 * sees the same confirmation whatever the email (the server tells no one which emails have accounts). A refusal (a
 * malformed email, too many requests) shows under the field; an unreachable server in a toast.
 */
export function EmailLinkRequest({ title, intro, formLabel, submitLabel, failureTitle, schema, requestedMessage, request }: EmailLinkRequestProps) {
  useDocumentTitle(title);
  const form = useSchemaForm<EmailRequest>(schema, { email: '' });
  const [confirmation, setConfirmation] = useState<string | null>(null);

  async function submit(values: EmailRequest): Promise<FieldErrors<'email'> | undefined> {
    try {
      setConfirmation((await request.mutateAsync(values)) ?? requestedMessage);
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        showToast({ title: failureTitle, description: unreachableMessage, variant: 'destructive' });
        return undefined;
      }
      const fields = fieldErrorsOf(error, ['email'] as const);
      return Object.keys(fields).length > 0 ? fields : { email: errorMessage(error, unreachableMessage) };
    }
  }

  return (
    <AuthFrame width={440} title={title} intro={intro} other={{ question: 'Remembered your password?', href: paths.login, label: 'Log in' }}>
      <HeldHeight hold={confirmation !== null}>
        {confirmation ? (
          <Stack gap="md">
            <Alert color="green" title="Check your email" role="status" variant="light" styles={readableTitle}>
              <Text size="sm">{confirmation}</Text>
              <Text size="sm" mt="xs">
                Sent to <strong>{form.values.email}</strong>.
              </Text>
            </Alert>
            <Button variant="default" onClick={() => setConfirmation(null)}>
              Use another email
            </Button>
            <AppAnchor href={paths.login} fw={600} ta="center">
              Back to login
            </AppAnchor>
          </Stack>
        ) : (
          <form {...form.scopeProps} noValidate onSubmit={form.onSubmit(submit)} aria-busy={form.busy} aria-label={formLabel}>
            <UntilHydrated>
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
                <Button type="submit" fullWidth disabled={form.busy}>
                  {form.busy ? 'Sending...' : submitLabel}
                </Button>
              </Stack>
            </UntilHydrated>
          </form>
        )}
      </HeldHeight>
    </AuthFrame>
  );
}
