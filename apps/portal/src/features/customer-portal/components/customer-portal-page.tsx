import { Container, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@repo/ui';

export function CustomerPortalPage() {
  useDocumentTitle('Customer Portal');
  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Title order={1}>Customer Portal</Title>
      <Paper withBorder p="lg" mt="lg" radius="md">
        <Text>Your service requests, appointments and account details will appear here.</Text>
      </Paper>
    </Container>
  );
}
