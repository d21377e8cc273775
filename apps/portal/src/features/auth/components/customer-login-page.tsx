import { Anchor, Container, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { loginRequestSchema } from '@repo/contracts';
import { AppAnchor, CredentialsForm, showToast, submitSignIn, useDocumentTitle, type Credentials } from '@repo/ui';
import { PageIntro } from '../../../components/page-intro.tsx';
import { UntilHydrated } from '../../../components/until-hydrated.tsx';
import { env } from '../../../config/env.ts';
import { paths } from '../../../config/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useLoginCustomer } from '../api/login.ts';

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
    <Container size={440} py={{ base: 'xl', sm: 64 }}>
      <Stack gap="lg">
        <PageIntro title="Customer Login">Sign in to see your service history and appointments.</PageIntro>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          <UntilHydrated>
            <CredentialsForm schema={loginRequestSchema} submitLabel="Login" busyLabel="Logging in..." onSubmit={handleSubmit} />
          </UntilHydrated>
        </Paper>
        <Stack gap="xs" align="center">
          <Text size="sm">
            Don&apos;t have an account?{' '}
            <AppAnchor href={paths.register} fw={600}>
              Create one
            </AppAnchor>
          </Text>
          <Anchor href={env.webOrigin} size="sm">
            Back to home
          </Anchor>
        </Stack>
      </Stack>
    </Container>
  );
}
