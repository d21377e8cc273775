import { Container, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@repo/ui';

export function CustomerManagementPage() {
  useDocumentTitle('Customer Management');
  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Title order={1}>Customer Management</Title>
      <Paper withBorder p="lg" mt="lg" radius="md">
        <Text>Customer import, phone lookup and customer lists will appear here.</Text>
      </Paper>
    </Container>
  );
}
