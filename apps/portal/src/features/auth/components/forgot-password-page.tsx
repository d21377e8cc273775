import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { passwordResetMessages, passwordResetRequestSchema, type PasswordResetRequest } from '@repo/contracts';
import { ApiRequestError, AppAnchor, errorMessage, fieldErrorsOf, showToast, useDocumentTitle, useSchemaForm, type FieldErrors } from '@repo/ui';
import { UntilHydrated } from '../../../components/until-hydrated.tsx';
import { paths } from '../../../config/paths.ts';
import { readableTitle } from '../../../lib/alert-styles.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthFrame } from './auth-frame.tsx';

const unreachableMessage = 'An error occurred. Please check your connection and try again.';

/**
 * Forgot Password (/forgot-password): the email of the account, then the same confirmation whatever the email (the
 * server tells no one which emails have accounts). A refusal (a malformed email, too many requests) shows under the
 * field.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const form = useSchemaForm<PasswordResetRequest>(passwordResetRequestSchema, { email: '' });
  const request = useRequestPasswordReset();
  const [confirmation, setConfirmation] = useState<string | null>(null);

  async function submit(values: PasswordResetRequest): Promise<FieldErrors<'email'> | undefined> {
    try {
      setConfirmation((await request.mutateAsync(values)) ?? passwordResetMessages.requested);
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        showToast({ title: 'Reset Link Not Sent', description: unreachableMessage, variant: 'destructive' });
        return undefined;
      }
      const fields = fieldErrorsOf(error, ['email'] as const);
      return Object.keys(fields).length > 0 ? fields : { email: errorMessage(error, unreachableMessage) };
    }
  }

  return (
    <AuthFrame
      width={440}
      title="Forgot Password"
      intro="Enter the email of your account and we will send you a link to choose a new password."
      other={{ question: 'Remembered it?', href: paths.login, label: 'Log in' }}
    >
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
        <form {...form.scopeProps} noValidate onSubmit={form.onSubmit(submit)} aria-busy={form.busy} aria-label="Ask for a reset link">
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
                {form.busy ? 'Sending...' : 'Send Reset Link'}
              </Button>
            </Stack>
          </UntilHydrated>
        </form>
      )}
    </AuthFrame>
  );
}
