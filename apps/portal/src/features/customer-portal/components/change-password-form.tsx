import { useEffect, useRef } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { accounts, authMessages, changePasswordRequestSchema, type ChangePasswordRequest } from '@repo/contracts';
import { ApiRequestError, errorMessage, fieldErrorsOf, showToast, useSchemaForm, type FieldErrors } from '@repo/ui';
import { isSignedOutError, useRecheckSession } from '../../../lib/session.ts';
import { useChangePassword } from '../api/change-password.ts';

const fieldNames = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type FieldName = (typeof fieldNames)[number];

const failureTitle = 'Password Not Changed';

/** The server's message placed under its field when the answer names none: a wrong current password, a common new one. */
function serverFieldErrors(error: ApiRequestError): FieldErrors<FieldName> {
  const errors = fieldErrorsOf(error, fieldNames);
  if (Object.keys(errors).length > 0) return errors;
  const message = error.apiError?.message;
  if (message === authMessages.currentPasswordWrong) return { currentPassword: message };
  if (message === authMessages.commonPassword) return { newPassword: message };
  return {};
}

/** Change password (PUT /api/auth/password); on success the customer's other devices are signed out. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const form = useSchemaForm<ChangePasswordRequest>(changePasswordRequestSchema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const change = useChangePassword();
  const recheckSession = useRecheckSession();
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstField.current?.focus();
  }, []);

  async function submit(request: ChangePasswordRequest): Promise<FieldErrors<FieldName> | undefined> {
    try {
      await change.mutateAsync(request);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        showToast({ title: failureTitle, description: 'An error occurred. Please try again.', variant: 'destructive' });
        return undefined;
      }
      const fieldErrors = serverFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) return fieldErrors;
      if (isSignedOutError(error)) {
        showToast({ title: failureTitle, description: authMessages.sessionEnded, variant: 'destructive' });
        // The portal turns into the log-in prompt.
        recheckSession();
        return undefined;
      }
      showToast({ title: failureTitle, description: errorMessage(error, 'Your password could not be changed. Please try again.'), variant: 'destructive' });
      return undefined;
    }
    showToast({ title: 'Password Changed', description: authMessages.passwordChanged });
    onDone();
    return undefined;
  }

  return (
    <form {...form.scopeProps} noValidate onSubmit={form.onSubmit(submit)} aria-busy={form.busy} aria-label="Change password">
      <Stack gap="sm" mt="md">
        <PasswordInput {...form.field('currentPassword')} ref={firstField} label="Current password" autoComplete="current-password" required withAsterisk={false} />
        <PasswordInput {...form.field('newPassword')} label="New password" placeholder={`Minimum ${accounts.passwordMin} characters`} autoComplete="new-password" required withAsterisk={false} />
        <PasswordInput {...form.field('confirmPassword')} label="Confirm new password" autoComplete="new-password" required withAsterisk={false} />
        <Button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving...' : 'Save new password'}
        </Button>
      </Stack>
    </form>
  );
}
