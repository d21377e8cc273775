import { useDeferredValue } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { Customer } from '@repo/contracts';
import { AppAnchor, ErrorState, errorMessage, LoadingState, useDocumentTitle, useSignedInCustomer, responsiveSpacing, SpanGrid } from '@repo/ui';
import { paths } from '../../../config/paths.ts';
import { AccountInfo } from './account-info.tsx';
import { HistoryTabs } from './history-tabs.tsx';
import { LinkedServiceRecord } from './linked-service-record.tsx';
import { PortalHeader } from './portal-header.tsx';
import { QuickActions } from './quick-actions.tsx';

/** Shown when there is no session: the portal is for signed-in customers. */
function SignedOutPrompt() {
  return (
    <Container size="sm" className="frame-block">
      <Paper withBorder shadow="sm" className="panel-padding" radius="md">
        <Stack gap="sm">
          <Title order={1}>Customer Portal</Title>
          <Text>Please log in to see your service requests and appointments.</Text>
          <AppAnchor href={paths.login} fw={600}>
            Log in to your account
          </AppAnchor>
        </Stack>
      </Paper>
    </Container>
  );
}

/** /customer-portal: who is signed in (asked of the server), then their account, quick actions and history. */
export function CustomerPortalPage() {
  useDocumentTitle('Customer Portal');
  const session = useSignedInCustomer();

  if (session.isPending) return <LoadingState title="Loading your portal..." />;
  if (session.isError) {
    return (
      <ErrorState
        title="We couldn't load your portal"
        description={errorMessage(session.error, 'Please check your connection and try again.')}
        onRetry={() => void session.refetch()}
      />
    );
  }
  const customer = session.data;
  if (!customer) return <SignedOutPrompt />;
  return <SignedInPortal customer={customer} />;
}

/**
 * The greeting shows as soon as the server has said who is signed in; the account, quick actions and history are a
 * much bigger render, made just after it as a deferred render in short tasks, so the page never stops responding.
 */
function SignedInPortal({ customer }: { customer: Customer }) {
  const showAll = useDeferredValue(true, false);
  return (
    <Container size="lg" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="xl">
        <PortalHeader firstName={customer.firstName} />
        {showAll ? (
          // The history first, in the reading order and on screen: on a phone it is not two screens down below the
          // account cards, which follow it there and sit beside it, on the right, from md up.
          <SpanGrid gutter="xl">
            <SpanGrid.Col span={{ base: 12, md: 8 }}>
              <HistoryTabs customer={customer} />
            </SpanGrid.Col>
            <SpanGrid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="lg">
                <AccountInfo customer={customer} />
                <QuickActions />
                {/* Last in its column: whether it shows is known only after its call, and nothing moves below it. */}
                <LinkedServiceRecord />
              </Stack>
            </SpanGrid.Col>
          </SpanGrid>
        ) : null}
      </Stack>
    </Container>
  );
}
