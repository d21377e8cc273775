import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { loginRequestSchema } from '@repo/contracts';
import { Group } from '@mantine/core';
import { AppAnchor, CredentialsForm, showToast, submitSignIn, useDocumentTitle, type Credentials } from '@repo/ui';
import { UntilHydrated } from '../../../components/until-hydrated.tsx';
import { paths } from '../../../config/paths.ts';
import { focusHeadingOnArrival } from '../../../lib/heading-focus.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useLoginCustomer } from '../api/login.ts';
import { AuthFrame } from './auth-frame.tsx';

export function CustomerLoginPage() {
  useDocumentTitle('Customer Login');
  const navigate = useNavigate();
  const login = useLoginCustomer();
  const queryClient = useQueryClient();

  const handleSubmit = (credentials: Credentials) =>
    submitSignIn(credentials, {
      // No tokenKey: the answer's httpOnly cookie is the session, and the token never reaches browser storage.
      signIn: login.mutateAsync,
      failureTitle: 'Login Failed',
      rejectedMessage: 'Login failed. Please check your credentials.',
      unreachableMessage: 'An error occurred. Please try again.',
      onSignedIn: () => {
        // A "signed out" answer from before this login must not greet the portal.
        queryClient.removeQueries({ queryKey: queryKeys.signedInCustomer });
        showToast({ title: 'Login Successful', description: 'Welcome back! Redirecting to your portal...' });
        navigate(paths.customerPortal, { state: focusHeadingOnArrival });
      },
    });

  return (
    <AuthFrame
      width={440}
      title="Customer Login"
      intro="Sign in to see your service history and appointments."
      other={{ question: "Don't have an account?", href: paths.register, label: 'Create one' }}
    >
      <UntilHydrated>
        <CredentialsForm schema={loginRequestSchema} submitLabel="Login" busyLabel="Logging in..." onSubmit={handleSubmit} />
      </UntilHydrated>
      {/* Real links, so they work before hydration and without JavaScript. */}
      <Group justify="space-between" gap="xs" mt="sm">
        <AppAnchor href={paths.emailSignIn} size="sm">
          Email me a sign-in link
        </AppAnchor>
        <AppAnchor href={paths.forgotPassword} size="sm">
          Forgot password?
        </AppAnchor>
      </Group>
    </AuthFrame>
  );
}
