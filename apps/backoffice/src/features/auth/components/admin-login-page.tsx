import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { adminLoginRequestSchema, storageKeys } from '@repo/contracts';
import { CredentialsForm, submitSignIn, useDocumentTitle, type Credentials } from '@repo/ui';
import { paths } from '../../../config/paths.ts';
import { useLoginAdministrator } from '../api/admin-login.ts';

export function AdminLoginPage() {
  useDocumentTitle('Back Office Sign In');
  const navigate = useNavigate();
  const login = useLoginAdministrator();

  const handleSubmit = (credentials: Credentials) =>
    submitSignIn(credentials, {
      signIn: login.mutateAsync,
      tokenKey: storageKeys.adminToken,
      failureTitle: 'Login Failed',
      rejectedMessage: 'Invalid credentials',
      unreachableMessage: 'An error occurred. Please try again.',
      onSignedIn: () => navigate(paths.customerManagement),
    });

  return (
    <Container size={440} py={{ base: 'xl', sm: 64 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Back Office Sign In</Title>
          <Text c="dimmed" mt="xs">
            For staff and administrators. Sign in with the account your administrator gave you.
          </Text>
        </div>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          <CredentialsForm
            schema={adminLoginRequestSchema}
            submitLabel="Sign In"
            busyLabel="Authenticating..."
            onSubmit={handleSubmit}
          />
        </Paper>
      </Stack>
    </Container>
  );
}
