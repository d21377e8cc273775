import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { accounts, authMessages, newPasswordFormSchema, passwordResetMessages } from '@repo/contracts';
import { ApiRequestError, AppAnchor, errorMessage, fieldErrorsOf, showToast, useDocumentTitle, useHydrated, useSchemaForm, type FieldErrors } from '@repo/ui';
import { UntilHydrated } from '../../../components/until-hydrated.tsx';
import { paths } from '../../../config/paths.ts';
import { readableTitle } from '../../../lib/alert-styles.ts';
import { useCompletePasswordReset } from '../api/complete-password-reset.ts';
import { AuthFrame } from './auth-frame.tsx';
import { unreachableMessage } from '../../../lib/emailed-link.ts';

type Values = { password: string; confirmPassword: string };
const passwordFields = ['password', 'confirmPassword'] as const;

const failureTitle = 'Password Not Changed';

/** Why the link cannot be used, and the way to a new one. */
function LinkProblem({ message }: { message: string }) {
  return (
    <Alert color="red" title="This link cannot be used" role="alert" variant="light" styles={readableTitle}>
      <Text size="sm">{message}</Text>
      <AppAnchor href={paths.forgotPassword} fw={600} size="sm" mt="xs" display="inline-block">
        Ask for a new link
      </AppAnchor>
    </Alert>
  );
}

/**
 * Choose a New Password (/reset-password?token=…), the page the emailed link opens: the new password twice, by the
 * registration rules. On success every session of the customer has ended, so the page sends them to log in with the
 * new password (which a password manager then saves against the login form). A used, replaced, expired or unknown link
 * says so above the fields, with the way to ask for a new one.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a New Password');
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const complete = useCompletePasswordReset();
  const form = useSchemaForm<Values>(newPasswordFormSchema, { password: '', confirmPassword: '' });
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  // The prerendered page cannot know the address's token: until hydrated it shows the form, as the server wrote it.
  const problem = linkProblem ?? (hydrated && !token ? passwordResetMessages.incompleteLink : null);

  async function submit(values: Values): Promise<FieldErrors<(typeof passwordFields)[number]> | undefined> {
    try {
      await complete.mutateAsync({ token, ...values });
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        showToast({ title: failureTitle, description: unreachableMessage, variant: 'destructive' });
        return undefined;
      }
      const tokenError = error.apiError?.fields?.token;
      if (tokenError) {
        setLinkProblem(tokenError);
        return undefined;
      }
      const fields = fieldErrorsOf(error, passwordFields);
      if (Object.keys(fields).length > 0) return fields;
      if (error.apiError?.message === authMessages.commonPassword) return { password: authMessages.commonPassword };
      return { password: errorMessage(error, 'Your password could not be changed. Please try again.') };
    }
    showToast({ title: 'Password Changed', description: passwordResetMessages.completed });
    navigate(paths.login);
    return undefined;
  }

  return (
    <AuthFrame
      width={440}
      title="Choose a New Password"
      intro={`Choose the password you will log in with: at least ${accounts.passwordMin} characters.`}
      other={{ question: 'Remembered it?', href: paths.login, label: 'Log in' }}
    >
      {problem ? (
        <LinkProblem message={problem} />
      ) : (
        <form {...form.scopeProps} noValidate onSubmit={form.onSubmit(submit)} aria-busy={form.busy} aria-label="Choose a new password">
          <UntilHydrated>
            <Stack gap="md">
              <PasswordInput
                {...form.field('password')}
                label="New Password"
                placeholder={`Minimum ${accounts.passwordMin} characters`}
                autoComplete="new-password"
                required
                withAsterisk={false}
              />
              <PasswordInput {...form.field('confirmPassword')} label="Confirm New Password" autoComplete="new-password" required withAsterisk={false} />
              <Button type="submit" fullWidth disabled={form.busy}>
                {form.busy ? 'Saving...' : 'Save New Password'}
              </Button>
            </Stack>
          </UntilHydrated>
        </form>
      )}
    </AuthFrame>
  );
}
