import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { confirmEmailFormSchema, registrationMessages } from '@repo/contracts';
import { AppAnchor, showToast, useDocumentTitle, useHydrated, useSchemaForm, type FieldErrors } from '@repo/ui';
import { UntilHydrated } from '../../../components/until-hydrated.tsx';
import { paths } from '../../../config/paths.ts';
import { focusHeadingOnArrival } from '../../../lib/heading-focus.ts';
import { readableTitle } from '../../../lib/alert-styles.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { AuthFrame } from './auth-frame.tsx';
import { linkConfirmationRefusal, linkTokenOf } from '../../../lib/emailed-link.ts';

type Values = { password: string };

const failureTitle = 'Account Not Created';

/** Why the link cannot be used, and the way on: registering again, or (when the email has an account) logging in. */
function LinkProblem({ message, hasAccount }: { message: string; hasAccount: boolean }) {
  return (
    <Alert color="red" title="This link cannot be used" role="alert" variant="light" styles={readableTitle}>
      <Text size="sm">{message}</Text>
      {hasAccount ? (
        <Text size="sm" mt="xs">
          <AppAnchor href={paths.login} fw={600}>
            Log in
          </AppAnchor>{' '}
          or{' '}
          <AppAnchor href={paths.forgotPassword} fw={600}>
            reset your password
          </AppAnchor>
        </Text>
      ) : (
        <AppAnchor href={paths.register} fw={600} size="sm" mt="xs" display="inline-block">
          Register again
        </AppAnchor>
      )}
    </Alert>
  );
}

/**
 * Confirm Your Email (/confirm-email#token=…), the page a registration's emailed link opens. The token is in the
 * fragment, so it never reaches a server with the page (nor its access log). The account is created when the customer
 * presses the button, not on opening: a mail scanner that opens links must not use the link up. The password chosen
 * at registration goes with the token: anyone can register someone else's email, and the inbox's owner must not
 * create, by confirming, an account that whoever registered signs in to. Another password is shown under the field,
 * and the link stays usable. On success the customer is signed in and lands in the customer portal; a used, replaced,
 * expired or unknown link says so, with the way to register again.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm Your Email');
  const hydrated = useHydrated();
  const { hash } = useLocation();
  const token = linkTokenOf(hash);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirmEmail();
  const form = useSchemaForm<Values>(confirmEmailFormSchema, { password: '' });
  const [linkProblem, setLinkProblem] = useState<{ message: string; hasAccount: boolean } | null>(null);
  // The prerendered page cannot know the address's token: until hydrated it shows the button, as the server wrote it.
  const problem = linkProblem ?? (hydrated && !token ? { message: registrationMessages.incompleteLink, hasAccount: false } : null);

  async function submit({ password }: Values): Promise<FieldErrors<'password'> | undefined> {
    try {
      await confirm.mutateAsync({ token, password });
    } catch (error) {
      const refusal = linkConfirmationRefusal(error);
      if (refusal.kind === 'password') return { password: refusal.message };
      if (refusal.kind === 'link') setLinkProblem({ message: refusal.message, hasAccount: refusal.status === 409 || refusal.message === registrationMessages.usedLink });
      else showToast({ title: failureTitle, description: refusal.message, variant: 'destructive' });
      return undefined;
    }
    // A "signed out" answer from before must not greet the portal.
    queryClient.removeQueries({ queryKey: queryKeys.signedInCustomer });
    showToast({ title: 'Account Created', description: registrationMessages.completed });
    navigate(paths.customerPortal, { replace: true, state: focusHeadingOnArrival });
    return undefined;
  }

  return (
    <AuthFrame
      width={440}
      title="Confirm Your Email"
      intro="One step left: enter the password you chose when you registered to confirm your email, create your account and sign in."
      other={{ question: 'Already have an account?', href: paths.login, label: 'Log in' }}
    >
      {problem ? (
        <LinkProblem {...problem} />
      ) : (
        <form {...form.scopeProps} noValidate onSubmit={form.onSubmit(submit)} aria-busy={form.busy} aria-label="Confirm your email">
          <UntilHydrated>
            <Stack gap="md">
              <PasswordInput
                {...form.field('password')}
                label="Password"
                description="The password you chose when you registered"
                autoComplete="current-password"
                required
                withAsterisk={false}
              />
              <Text size="sm">Did not register? Close this page: no account is created unless you confirm.</Text>
              <Button type="submit" fullWidth disabled={form.busy}>
                {form.busy ? 'Creating Account...' : 'Confirm and Create Account'}
              </Button>
            </Stack>
          </UntilHydrated>
        </form>
      )}
    </AuthFrame>
  );
}
