import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { signInLinkMessages } from '@repo/contracts';
import { ApiRequestError, AppAnchor, errorMessage, showToast, useDocumentTitle, useHydrated } from '@repo/ui';
import { UntilHydrated } from '../../../components/until-hydrated.tsx';
import { paths } from '../../../config/paths.ts';
import { focusHeadingOnArrival } from '../../../lib/heading-focus.ts';
import { readableTitle } from '../../../lib/alert-styles.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useCompleteSignInLink } from '../api/sign-in-link.ts';
import { AuthFrame } from './auth-frame.tsx';
import { linkTokenOf, unreachableMessage } from '../../../lib/emailed-link.ts';

const failureTitle = 'Not Signed In';

/** Why the link cannot be used, and the ways on: a new link, or the password. */
function LinkProblem({ message }: { message: string }) {
  return (
    <Alert color="red" title="This link cannot be used" role="alert" variant="light" styles={readableTitle}>
      <Text size="sm">{message}</Text>
      <Text size="sm" mt="xs">
        <AppAnchor href={paths.emailSignIn} fw={600}>
          Ask for a new sign-in link
        </AppAnchor>{' '}
        or{' '}
        <AppAnchor href={paths.login} fw={600}>
          log in with your password
        </AppAnchor>
      </Text>
    </Alert>
  );
}

/**
 * Sign In (/sign-in-link#token=…), the page an emailed sign-in link opens. The token is in the fragment, so it never
 * reaches a server with the page (nor its access log); the customer is signed in when they press the button, not on
 * opening, as a mail scanner that opens links must not use the link up. On success the customer lands in the
 * customer portal; a used, replaced, expired or unknown link says so, with the ways on.
 */
export function SignInLinkPage() {
  useDocumentTitle('Sign In');
  const hydrated = useHydrated();
  const { hash } = useLocation();
  const token = linkTokenOf(hash);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const complete = useCompleteSignInLink();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  // The prerendered page cannot know the address's token: until hydrated it shows the button, as the server wrote it.
  const problem = linkProblem ?? (hydrated && !token ? signInLinkMessages.incompleteLink : null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (complete.isPending) return;
    try {
      await complete.mutateAsync({ token });
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        showToast({ title: failureTitle, description: unreachableMessage, variant: 'destructive' });
        return;
      }
      const message = error.apiError?.fields?.token ?? errorMessage(error, unreachableMessage);
      if (error.status === 400) setLinkProblem(message);
      else showToast({ title: failureTitle, description: message, variant: 'destructive' });
      return;
    }
    // A "signed out" answer from before must not greet the portal.
    queryClient.removeQueries({ queryKey: queryKeys.signedInCustomer });
    showToast({ title: 'Signed In', description: signInLinkMessages.completed });
    navigate(paths.customerPortal, { replace: true, state: focusHeadingOnArrival });
  }

  return (
    <AuthFrame width={440} title="Sign In" intro="Press the button to sign in to your customer portal with the link we emailed you." other={{ question: 'Rather use your password?', href: paths.login, label: 'Log in' }}>
      {problem ? (
        <LinkProblem message={problem} />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} aria-busy={complete.isPending} aria-label="Sign in with the emailed link">
          <UntilHydrated>
            <Stack gap="md">
              <Text size="sm">Did not ask for a sign-in link? Close this page: nobody is signed in unless you press the button.</Text>
              <Button type="submit" fullWidth disabled={complete.isPending}>
                {complete.isPending ? 'Signing In...' : 'Sign In'}
              </Button>
            </Stack>
          </UntilHydrated>
        </form>
      )}
    </AuthFrame>
  );
}
