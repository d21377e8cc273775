import type { ReactNode } from 'react';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AppAnchor, ErrorState, errorMessage, LoadingState, responsiveSpacing, useSignedInCustomer } from '@repo/ui';
import { paths } from '../config/paths.ts';
import { PageIntro } from './page-intro.tsx';

/** What a page for the signed-in customer is about: its title, and the thing it lists ("invoices"). */
type SignedInPage = { title?: string; things?: string; ask?: string };

/**
 * The invoice (and appliance) pages are for the signed-in customer: a visitor is asked to log in, and nothing else is
 * asked.
 */
export function SignedInOnly({
  children,
  title = 'Invoices',
  things = 'invoices',
  ask = 'Please log in to see and pay your invoices.',
  pending = <LoadingState title={`Loading your ${things}...`} />,
}: SignedInPage & { children: ReactNode; /** What shows until the session is known (the prerendered HTML). */ pending?: ReactNode }) {
  const session = useSignedInCustomer();
  if (session.isPending) return pending;
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
  // As is, not wrapped: a `pending` of the same page frame stays in place (its heading is not drawn again).
  return children;
}

/**
 * A signed-in customer's list page (invoices, appliances): the way back to the portal, the page's heading and what it
 * is for, then the list. The heading and its sentence show from the first paint (the prerendered HTML) while the session
 * and the list load, and stay in place when the list arrives.
 */
export function SignedInListPage({ title, intro, things, ask, children }: Required<SignedInPage> & { intro: string; children: ReactNode }) {
  const frame = (content: ReactNode) => (
    <Container size="md" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <Anchor component={Link} to={paths.customerPortal} size="sm">
          ← Back to the portal
        </Anchor>
        <PageIntro title={title}>{intro}</PageIntro>
        {content}
      </Stack>
    </Container>
  );
  return (
    <SignedInOnly title={title} things={things} ask={ask} pending={frame(<LoadingState title={`Loading your ${things}...`} />)}>
      {frame(children)}
    </SignedInOnly>
  );
}
