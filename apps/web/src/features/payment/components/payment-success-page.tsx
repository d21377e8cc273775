import type { ReactNode } from 'react';
import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { business, paymentIntentIdSchema, type PublicPayment } from '@repo/contracts';
import { ApiRequestError, ErrorState, LoadingState, PageTitle, useDocumentTitle, useHydrated } from '@repo/ui';
import { paths } from '../../../config/paths.ts';
import { usePayment } from '../api/payment.ts';
import { formatBusinessDate, formatUsd } from '../lib/money.ts';

/** The page's title before the payment is known: what the prerendered page and search engines see. */
const defaultTitle = 'Payment Successful';

function Actions({ retry, print }: { retry?: boolean; print?: boolean }) {
  return (
    <Group gap="sm" mt="md" grow preventGrowOverflow={false} wrap="wrap" className="no-print">
      {print ? (
        <Button variant="outline" onClick={() => window.print()}>
          Print Receipt
        </Button>
      ) : null}
      {retry ? (
        <Button component={Link} to={paths.payment}>
          Try Again
        </Button>
      ) : null}
      <Button component={Link} to={paths.home} variant={retry ? 'outline' : 'filled'}>
        Back to Home
      </Button>
      <Button component="a" href={`tel:${business.phoneTel}`} variant="outline">
        Call Us {business.phoneDisplay}
      </Button>
    </Group>
  );
}

function ResultCard({ title, tone, children }: { title: string; tone: 'success' | 'waiting' | 'problem'; children: ReactNode }) {
  useDocumentTitle(title);
  // Shades that keep at least 4.5:1 on white.
  const accent = { success: 'green.9', waiting: 'brand.8', problem: 'red.9' }[tone];
  return (
    <Card withBorder radius="md" shadow="sm" padding="lg" component="section" aria-labelledby="payment-result-heading">
      <Stack gap="sm" role={tone === 'waiting' ? 'status' : undefined}>
        <Title order={1} id="payment-result-heading" c={accent} fz={{ base: 28, sm: 34 }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function PaymentFacts({ payment }: { payment: PublicPayment }) {
  return (
    <Stack gap={4}>
      <Text fz={28} fw={800} lh={1.2} data-testid="paid-amount">
        {formatUsd(payment.amount)}
      </Text>
      <Text>{payment.description}</Text>
      {payment.reference ? <Text data-testid="paid-reference">Your reference: {payment.reference}</Text> : null}
      <Text size="sm" c="dimmed">
        {formatBusinessDate(payment.createdAt)} · Payment ID {payment.paymentIntentId}
      </Text>
    </Stack>
  );
}

function PaymentResult({ paymentIntentId }: { paymentIntentId: string }) {
  const query = usePayment(paymentIntentId);
  if (query.isPending) return <Checking />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) return <NoPayment />;
    return (
      <>
        <PageTitle title={defaultTitle} />
        <ErrorState title="We could not check your payment" description="Please check your connection and try again." onRetry={() => void query.refetch()} />
      </>
    );
  }
  const payment = query.data;
  switch (payment.status) {
    case 'succeeded':
      return (
        <ResultCard title="Payment Successful" tone="success">
          <Text>Thank you! We have received your payment.</Text>
          <PaymentFacts payment={payment} />
          <Text>
            {payment.receiptEmailed
              ? 'A receipt is on its way to the email you gave. You can also print this page for your records.'
              : 'Print this page or keep this address for your records: it shows this payment whenever you open it.'}
          </Text>
          <Actions print />
        </ResultCard>
      );
    case 'failed':
      return (
        <ResultCard title="Payment Not Completed" tone="problem">
          <Text>Your payment did not go through, so nothing was charged. You can try again with another card.</Text>
          <PaymentFacts payment={payment} />
          <Actions retry />
        </ResultCard>
      );
    case 'canceled':
      return (
        <ResultCard title="Payment Canceled" tone="problem">
          <Text>This payment was canceled and nothing was charged.</Text>
          <PaymentFacts payment={payment} />
          <Actions retry />
        </ResultCard>
      );
    default:
      return (
        <ResultCard title="Payment Processing" tone="waiting">
          <Text>
            We are waiting for the payment provider to confirm your payment; this page updates by itself for a minute.
            Bank payments can take a few days, and we will contact you once yours is confirmed.
          </Text>
          <PaymentFacts payment={payment} />
          <Actions />
        </ResultCard>
      );
  }
}

function Checking() {
  return (
    <>
      <PageTitle title={defaultTitle} />
      <Title order={1} fz={{ base: 28, sm: 34 }} mb="md">
        Payment Status
      </Title>
      <LoadingState title="Checking your payment..." />
    </>
  );
}

function NoPayment() {
  return (
    <ResultCard title="No Payment Found" tone="problem">
      <Text>We could not find a payment to show. If you have just paid, please check the link, or call us and we will confirm it.</Text>
      <Actions retry />
    </ResultCard>
  );
}

/**
 * Payment confirmation: the real amount, description and status from the server for the intent in the address
 * (`payment_intent`, as Stripe's return address carries it), never a fixed amount. The prerendered HTML cannot know
 * that query, so the page shows the same placeholder until it has hydrated.
 */
export function PaymentSuccessPage() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('payment_intent');
  const paymentIntentId = requested && paymentIntentIdSchema.safeParse(requested).success ? requested : null;
  let content: ReactNode;
  if (!hydrated) content = <Checking />;
  else if (!paymentIntentId) content = <NoPayment />;
  else content = <PaymentResult paymentIntentId={paymentIntentId} />;
  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      {content}
    </Container>
  );
}
