import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { paths } from '../../../config/paths.ts';

/**
 * What staff see at an administrator's page: the server would refuse its calls with 403 (and a refusal signs out), so
 * the page says whose it is instead, and the person stays signed in.
 */
export function AdministratorsOnly() {
  useDocumentTitle('Administrators only');
  return (
    <Container size="sm" {...responsiveSpacing({ py: { base: 'xl', sm: 64 } })}>
      <Paper withBorder radius="md" {...responsiveSpacing({ p: { base: 'lg', sm: 'xl' } })}>
        <Stack gap="sm">
          <Text size="sm" fw={700} c="dimmed">
            403 · Not for your account
          </Text>
          <Title order={1}>Administrators only</Title>
          <Text>
            Staff management, the customer import and the payments ledger are for administrators. Ask an administrator of your office if you need
            something from this page.
          </Text>
          <Anchor component={Link} to={paths.customerManagement} fw={600}>
            Back to customer management
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
