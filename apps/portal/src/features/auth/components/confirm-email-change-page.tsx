import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { accountEmailConfirmFormSchema, emailChangeMessages } from '@repo/contracts';
import { AppAnchor, showToast, useDocumentTitle, useHydrated, useSchemaForm, type FieldErrors } from '@repo/ui';
import { UntilHydrated } from '../../../components/until-hydrated.tsx';
import { paths } from '../../../config/paths.ts';
import { readableTitle } from '../../../lib/alert-styles.ts';
import { linkConfirmationRefusal, linkTokenOf } from '../../../lib/emailed-link.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useConfirmEmailChange } from '../api/confirm-email-change.ts';
import { AuthFrame } from './auth-frame.tsx';

type Values = { password: string };
const failureTitle = 'Email Not Changed';

/** Why the link cannot be used, and the way on: asking again from Account Info (after logging in). */
function LinkProblem({ message }: { message: string }) {
  return (
    <Alert color="red" title="This link cannot be used" role="alert" variant="light" styles={readableTitle}>
      <Text size="sm">{message}</Text>
      <AppAnchor href={paths.customerPortal} fw={600} size="sm" mt="xs" display="inline-block">
        Go to your account
      </AppAnchor>
    </Alert>
  );
}

/**
 * Confirm Your New Email (/confirm-email-change#token=…), the page an email change's link opens at the new address.
 * As the registration's confirmation page: the token stays in the fragment, and nothing happens until the customer
 * presses the button (a mail scanner opening links must not use it up). The account password goes with the token, so
 * a link that reached a mistyped address gives its reader nothing; a wrong one shows under the field and the link stays
 * usable. On success the account uses the new email, every other device is signed out, and this browser lands in the
 * customer portal signed in; a used, replaced, expired or unknown link, or an address another account took, says so.
 */
export function ConfirmEmailChangePage() {
  useDocumentTitle('Confirm Your New Email');
  const hydrated = useHydrated();
  const { hash } = useLocation();
  const token = linkTokenOf(hash);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirmEmailChange();
  const form = useSchemaForm<Values>(accountEmailConfirmFormSchema, { password: '' });
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  // The prerendered page cannot know the address's token: until hydrated it shows the button, as the server wrote it.
  const problem = linkProblem ?? (hydrated && !token ? emailChangeMessages.incompleteLink : null);

  async function submit({ password }: Values): Promise<FieldErrors<'password'> | undefined> {
    let message: string;
    try {
      message = await confirm.mutateAsync({ token, password });
    } catch (error) {
      const refusal = linkConfirmationRefusal(error);
      if (refusal.kind === 'password') return { password: refusal.message };
      if (refusal.kind === 'link') setLinkProblem(refusal.message);
      else showToast({ title: failureTitle, description: refusal.message, variant: 'destructive' });
      return undefined;
    }
    // The account as it was (the old email, or "signed out") must not greet the portal.
    queryClient.removeQueries({ queryKey: queryKeys.signedInCustomer });
    showToast({ title: 'Email Changed', description: message });
    navigate(paths.customerPortal, { replace: true });
    return undefined;
  }

  return (
    <AuthFrame
      width={440}
      title="Confirm Your New Email"
      intro="Enter your account password to make this your account's email. You sign in with it from now on."
      other={{ question: 'Changed your mind?', href: paths.customerPortal, label: 'Go to your account' }}
    >
      {problem ? (
        <LinkProblem message={problem} />
      ) : (
        <form {...form.scopeProps} noValidate onSubmit={form.onSubmit(submit)} aria-busy={form.busy} aria-label="Confirm your new email">
          <UntilHydrated>
            <Stack gap="md">
              <PasswordInput {...form.field('password')} label="Password" description="The password you sign in with" autoComplete="current-password" required withAsterisk={false} />
              <Text size="sm">Did not ask for this? Close this page: nothing changes unless the account password is entered here.</Text>
              <Button type="submit" fullWidth disabled={form.busy}>
                {form.busy ? 'Changing Email...' : 'Confirm New Email'}
              </Button>
            </Stack>
          </UntilHydrated>
        </form>
      )}
    </AuthFrame>
  );
}
