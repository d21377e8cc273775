import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { adminLoginRequestSchema, type BackOfficeUser } from '@repo/contracts';
import { CredentialsForm, responsiveSpacing, submitSignIn, useDocumentTitle, type Credentials } from '@repo/ui';
import { useLoginToBackOffice } from '../api/admin-login.ts';
import { backOfficeSessionQuery } from '../api/back-office-session.ts';
import { homeFor, takeReturnPath } from '../admin-session.ts';

export function AdminLoginPage() {
  useDocumentTitle('Back Office Sign In');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLoginToBackOffice();

  const handleSubmit = (credentials: Credentials) => {
    let user: BackOfficeUser | null = null;
    return submitSignIn(credentials, {
      // The answer's httpOnly cookie is the session; the page keeps only who signed in, to choose where to go.
      signIn: async (given) => {
        const answer = await login.mutateAsync(given);
        user = answer?.user ?? null;
        return answer?.token ?? null;
      },
      failureTitle: 'Login Failed',
      rejectedMessage: 'Invalid credentials',
      unreachableMessage: 'An error occurred. Please try again.',
      onSignedIn: () => {
        if (!user) return;
        queryClient.setQueryData(backOfficeSessionQuery().queryKey, user);
        navigate(takeReturnPath() ?? homeFor(user));
      },
    });
  };

  return (
    <Container size={440} {...responsiveSpacing({ py: { base: 'xl', sm: 64 } })}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Back Office Sign In</Title>
          <Text c="dimmed" mt="xs">
            For staff, administrators and technicians. Sign in with the account your office gave you.
          </Text>
        </div>
        <Paper withBorder shadow="sm" {...responsiveSpacing({ p: { base: 'md', sm: 'xl' } })} radius="md">
          <CredentialsForm
            schema={adminLoginRequestSchema}
            submitLabel="Sign In"
            busyLabel="Authenticating..."
            onSubmit={handleSubmit}
          />
          <Text size="sm" c="dimmed" mt="md">
            Forgot your password? Ask an administrator of your office to set a new one.
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
