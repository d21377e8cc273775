import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { loginRequestSchema } from '@repo/contracts';
import { Text } from '@mantine/core';
import { AppAnchor, CredentialsForm, showToast, submitSignIn, useDocumentTitle, type Credentials } from '@repo/ui';
import { UntilHydrated } from '../../../components/until-hydrated.tsx';
import { paths } from '../../../config/paths.ts';
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
        navigate(paths.customerPortal);
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
      {/* A real link, so it works before hydration and without JavaScript. */}
      <Text size="sm" ta="right" mt="sm">
        <AppAnchor href={paths.forgotPassword}>Forgot password?</AppAnchor>
      </Text>
    </AuthFrame>
  );
}
