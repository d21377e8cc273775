import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { AppAnchor, ErrorState, errorMessage, LoadingState, useSignedInCustomer } from '@repo/ui';
import { paths } from '../config/paths.ts';

/** What a page for the signed-in customer is about: its title, and the thing it lists ("invoices"). */
type SignedInPage = { title?: string; things?: string; ask?: string };

/**
 * The invoice (and appliance) pages are for the signed-in customer: a visitor is asked to log in, and nothing else is
 * asked.
 */
export function SignedInOnly({ children, title = 'Invoices', things = 'invoices', ask = 'Please log in to see and pay your invoices.' }: SignedInPage & { children: ReactNode }) {
  const session = useSignedInCustomer();
  if (session.isPending) return <LoadingState title={`Loading your ${things}...`} />;
  if (session.isError) {
    return <ErrorState title={`We couldn't load your ${things}`} description={errorMessage(session.error, 'Please check your connection and try again.')} onRetry={() => void session.refetch()} />;
  }
  if (!session.data) {
    return (
      <Container size="sm" className="frame-block">
        <Paper withBorder shadow="sm" className="panel-padding" radius="md">
          <Stack gap="sm">
            <Title order={1}>{title}</Title>
            <Text>{ask}</Text>
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
