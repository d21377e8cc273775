import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { AppAnchor, ErrorState, errorMessage, LoadingState, useSignedInCustomer } from '@repo/ui';
import { paths } from '../../../config/paths.ts';

/** The invoice pages are for the signed-in customer: a visitor is asked to log in, and nothing else is asked. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const session = useSignedInCustomer();
  if (session.isPending) return <LoadingState title="Loading your invoices..." />;
  if (session.isError) {
    return <ErrorState title="We couldn't load your invoices" description={errorMessage(session.error, 'Please check your connection and try again.')} onRetry={() => void session.refetch()} />;
  }
  if (!session.data) {
    return (
      <Container size="sm" className="frame-block">
        <Paper withBorder shadow="sm" className="panel-padding" radius="md">
          <Stack gap="sm">
            <Title order={1}>Invoices</Title>
            <Text>Please log in to see and pay your invoices.</Text>
            <AppAnchor href={paths.login} fw={600}>
              Log in to your account
            </AppAnchor>
          </Stack>
        </Paper>
      </Container>
    );
  }
  return <>{children}</>;
}
